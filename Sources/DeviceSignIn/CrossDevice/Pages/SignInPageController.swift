import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
import QRCodeEncoder
package import IdentityServerCore

/// The hosted sign-in pages of cross-device sign-in: the page of the browser that started one
/// (QR code and code while waiting, then on to the client), its long poll, the hand-over to
/// the app on this device, and the sign-in URL opened in a browser. Every page carries the
/// strict headers of ``BrowserSecurityHeaders`` (script and style from this origin only).
package struct SignInPageController {
    package let service: CrossDeviceSignInService
    package let renderer: PageRenderer<SignInPageTemplate>
    package let cookie: SignInPageCookie
    /// The path the routes are served under (`/idp`), for the pages' links.
    package let pathPrefix: String
    /// The confirmation's forms come from the server's own pages.
    package let origin: SameOriginCheck
    /// Passkeys in this browser.
    package let passkeys: PasskeySignInService

    /// The pages' policy: images may be data URIs (the QR code); the script may poll this
    /// origin; forms post here, and (the confirmation's) are redirected on to `formTarget`.
    package static func securityHeaders(formTarget: String? = nil) -> HTTPFields {
        // An origin of a registered redirect URI; anything that could end the directive is left out.
        let formTarget = formTarget.flatMap { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ":/.-+[]".contains($0)) } ? $0 : nil }
        return BrowserSecurityHeaders.fields(
            contentSecurityPolicy: "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; "
                + "img-src 'self' data:; form-action 'self'\(formTarget.map { " \($0)" } ?? ""); frame-ancestors 'none'; base-uri 'none'")
    }

    private var assets: String { pathPrefix + "/v1/assets" }

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.get("v1/sign-ins/:id") { request, context in
            try await page(request, context) { try await service.browserView(of: $0, browserSecret: $1) }
        }
        // The confirmation of an approved sign-in: a POST from the page (the cookie is
        // SameSite=Lax, so another site cannot send it with a POST), checked for its origin.
        router.post("v1/sign-ins/:id/continue") { request, context in
            try origin.check(request)
            return try await page(request, context) { try await service.continueSignIn(of: $0, browserSecret: $1) }
        }
        router.post("v1/sign-ins/:id/cancel") { request, context in
            try origin.check(request)
            return try await page(request, context) { try await service.cancelSignIn(of: $0, browserSecret: $1) }
        }
        router.get("v1/sign-ins/:id/status") { request, context in
            let id = try context.parameters.require("id")
            let state = try await service.waitForDecision(
                of: id, browserSecret: cookie.secret(in: request, of: id))
            return try JSONResponse.make(["state": state.rawValue])
        }
        router.get("v1/sign-ins/:id/this-device") { request, context in
            let id = try context.parameters.require("id")
            return secured(JSONResponse.redirect(
                to: try await service.thisDeviceURL(of: id, browserSecret: cookie.secret(in: request, of: id)), status: .seeOther))
        }
        router.post("v1/sign-ins/:id/passkey/options") { request, context in
            try origin.check(request)
            let id = try context.parameters.require("id")
            return try JSONResponse.make(try await passkeys.options(of: id, browserSecret: cookie.secret(in: request, of: id)))
        }
        router.post("v1/sign-ins/:id/passkey") { request, context in
            try origin.check(request)
            let id = try context.parameters.require("id")
            let body = try await request.decodeJSON(PasskeySignInRequest.self, context: context)
            return try JSONResponse.make(try await passkeys.signIn(of: id, browserSecret: cookie.secret(in: request, of: id), body))
        }
        router.get(RouterPath(CrossDeviceAPI.signInURL)) { _, _ in
            secured(renderer.page(.message, MessagePage(
                assets: assets, heading: "Open this link in your app",
                message: "This is a sign-in link for another device. Open it in the app that holds your sign-in key "
                    + "(scan the QR code with it, or paste the link into it); the app shows where the request comes from before you approve.")))
        }
        router.get("v1/assets/sign-in.css") { _, _ in SignInPageAssets.stylesheet }
        router.get("v1/assets/sign-in.js") { _, _ in SignInPageAssets.script }
    }

    /// The page of the sign-in in the path, as `decide` (given its id and the browser's secret) has it.
    private func page(
        _ request: Request, _ context: ServerRequestContext,
        _ decide: (String, String?) async throws -> CrossDeviceBrowserView
    ) async throws -> Response {
        let id = try context.parameters.require("id")
        let view: CrossDeviceBrowserView
        do {
            view = try await decide(id, cookie.secret(in: request, of: id))
        } catch let error as ServerError where [.forbidden, .notFound, .tooManyRequests].contains(error.status) {
            return secured(renderer.page(
                .message, MessagePage(
                    assets: assets, heading: "This sign-in cannot continue here", message: Self.sentence(error.description),
                    next: "Go back to the application you were signing in to and start again from this browser."),
                status: error.status))
        }
        switch view {
        case .waiting(let signIn, let code, let url, let application, let organisation, let offers):
            // The QR code (a PNG to draw) only where the app on another device may approve.
            let qr = offers.contains(.crossDevice) ? try QRCode(encoding: url) : nil
            let secondsLeft = max(0, Int(signIn.expiresAt.timeIntervalSince(service.now()).rounded(.down)))
            return secured(renderer.page(.waiting, WaitingPage(
                assets: assets, application: application, organisation: organisation, host: service.baseURL.host,
                page: pathPrefix + CrossDeviceAPI.page(id),
                qr: qr.map { "data:image/png;base64," + Data($0.png(moduleSize: 6, quietZone: 4)).base64EncodedString() } ?? "",
                qrSize: qr.map { ($0.size + 8) * 6 } ?? 0, code: code, url: url, secondsLeft: secondsLeft,
                timeLeft: "\(secondsLeft / 60):" + String(format: "%02d", secondsLeft % 60), offers: offers)))
        case .confirm(let application, let identity, let redirectOrigin):
            return secured(renderer.page(.confirm, ContinuePage(
                assets: assets, application: application, page: pathPrefix + CrossDeviceAPI.page(id), identity: identity)),
                formTarget: redirectOrigin)
        case .continueTo(let redirect):
            return secured(JSONResponse.redirect(to: redirect, status: .seeOther))
        case .ended(let ending, let application, let back):
            return secured(renderer.page(.ended, EndedPage(assets: assets, application: application, ending: ending, back: back)))
        }
    }

    /// `text` as a sentence: a capital first letter and a full stop.
    package static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }

    /// `response` with the pages' security headers.
    private func secured(_ response: Response, formTarget: String? = nil) -> Response {
        var response = response
        BrowserSecurityHeaders.apply(Self.securityHeaders(formTarget: formTarget), to: &response.headers)
        return response
    }
}
