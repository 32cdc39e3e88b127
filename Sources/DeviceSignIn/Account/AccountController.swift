package import Hummingbird
import HTTPTypes
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// A realm's account page at `{issuer}/account`: signed out, a passkey sign-in (the hosted
/// pages' passkey script); signed in, the person's own passkeys, devices and sessions. Its
/// requests and forms come from its own origin only; its session is a SameSite=Strict cookie.
package struct AccountController {
    package let service: AccountService
    package let email: AccountEmailService
    package let appSignIn: AccountAppSignIn
    package let renderer: PageRenderer<SignInPageTemplate>
    package let cookie: AccountSessionCookie
    /// The cookie of a sign-in started with the app on another device.
    package let startCookie: AccountSessionCookie
    package let pathPrefix: String
    package let origin: SameOriginCheck
    /// The console the operators' realm's page returns to after a fresh sign-in; `nil` for none.
    package let console: AccountConsoleReturn?

    package init(
        service: AccountService, email: AccountEmailService, appSignIn: AccountAppSignIn, renderer: PageRenderer<SignInPageTemplate>,
        cookie: AccountSessionCookie, pathPrefix: String, origin: SameOriginCheck, console: AccountConsoleReturn? = nil
    ) {
        (self.service, self.email, self.appSignIn, self.renderer, self.pathPrefix, self.origin) = (
            service, email, appSignIn, renderer, pathPrefix, origin)
        self.console = console
        self.cookie = cookie
        startCookie = AccountSessionCookie(secure: cookie.secure, pathPrefix: cookie.pathPrefix, base: "bi_account_start_", sameSite: "Lax")
    }

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        let account = router.group("v1/tenants/:tenant/realms/:realm/account")
        account.get { request, context in
            let realm = try await realm(context)
            let page = path(realm)
            guard let session = try await service.session(cookie.secret(in: request, of: realm.id), of: realm),
                  let overview = try await service.overview(session)
            else {
                return secured(renderer.page(.accountSignIn, AccountSignInPage(
                    assets: assets, realm: realm.displayName, options: page + "/passkey/options", signIn: page + "/passkey",
                    appSignIn: page + "/sign-in/app")))
            }
            return secured(renderer.page(.account, AccountPage(assets: assets, realm: realm.displayName, page: page, overview: overview)))
        }
        account.post("passkey/options") { request, context in
            try origin.check(request)
            return try JSONResponse.make(try service.options(try await realm(context)))
        }
        account.post("passkey") { request, context in
            try origin.check(request)
            let realm = try await realm(context)
            let body = try await request.decodeJSON(PasskeySignInRequest.self, context: context)
            let secret = try await service.signIn(
                realm, body, former: cookie.secret(in: request, of: realm.id), from: browser(request, context))
            // Back to the page, or to the step that asked for a fresh proof.
            let next = request.uri.queryParameters.get("next").flatMap(Self.followable)
            var response = try JSONResponse.make(["redirect": path(realm) + (next.map { "/" + $0 } ?? "")])
            response.headers[.setCookie] = cookie.setting(secret, of: realm.id, lifetime: AccountService.absoluteLifetime)
            return response
        }
        account.post("sign-out") { request, context in
            try origin.check(request)
            let realm = try await realm(context)
            if let session = try await service.session(cookie.secret(in: request, of: realm.id), of: realm) {
                try await service.signOut(session)
            }
            var response = JSONResponse.redirect(to: path(realm), status: .seeOther)
            response.headers[.setCookie] = cookie.setting("", of: realm.id, lifetime: 0)
            return response
        }
        account.post("passkeys/options") { request, context in
            try origin.check(request)
            let (realm, session) = try await signedIn(request, context)
            return try JSONResponse.make(try await service.passkeyOptions(try Self.required(session), realm: realm))
        }
        account.post("passkeys") { request, context in
            try origin.check(request)
            let (realm, current) = try await signedIn(request, context)
            let session = try Self.required(current)
            let body = try await request.decodeJSON(AccountPasskeyRequest.self, context: context)
            let id = try await service.addPasskey(body, of: session, realm: realm, from: browser(request, context))
            return try JSONResponse.make(["credential_id": id], status: .created)
        }
        account.get("credentials/:credential/revoke") { request, context in
            let (realm, session) = try await signedIn(request, context)
            guard let session else { return JSONResponse.redirect(to: path(realm), status: .seeOther) }
            let id = try context.parameters.require("credential")
            let (credential, last) = try await service.credential(id, of: session)
            let page = path(realm)
            let step = "credentials/\(credential.id)/revoke"
            return secured(renderer.page(.accountConfirm, AccountConfirmPage(
                assets: assets, realm: realm.displayName, page: page,
                heading: "Revoke \(credential.deviceName ?? (credential.kind == .passkey ? "this passkey" : "this device"))?",
                consequence: "It stops signing you in at once, and every application it signed you in to is signed out.",
                warning: last
                    ? "It is your last way to sign in here: to come back you will need a new enrollment link from whoever runs this service, or an emailed code where your app offers one."
                    : nil,
                fresh: service.isFresh(session), action: page + "/" + step, button: "Revoke",
                options: page + "/passkey/options", signIn: page + "/passkey?next=" + step, appSignIn: page + "/sign-in/app?next=" + step)))
        }
        account.post("credentials/:credential/revoke") { request, context in
            try await change(request, context) { try await service.revokeCredential(try context.parameters.require("credential"), of: $0, from: $1) }
        }
        account.get("credentials/:credential/rename") { request, context in
            let (realm, session) = try await signedIn(request, context)
            guard let session else { return JSONResponse.redirect(to: path(realm), status: .seeOther) }
            let credential = try await service.credential(try context.parameters.require("credential"), of: session).credential
            return secured(renderer.page(.accountRename, AccountRenamePage(
                assets: assets, realm: realm.displayName, page: path(realm), action: path(realm) + "/credentials/\(credential.id)/rename",
                name: credential.deviceName ?? "", error: nil)))
        }
        account.post("credentials/:credential/rename") { request, context in
            try origin.check(request)
            let typed = try? await request.formParameters(context: context).single("name")
            do {
                return try await change(request, context) {
                    try await service.renameCredential(try context.parameters.require("credential"), to: typed, of: $0, from: $1)
                }
            } catch let error as ServerError where error.status == .badRequest {
                // Refused as typed: the form again, with what was typed and why.
                let realm = try await realm(context)
                return secured(renderer.page(.accountRename, AccountRenamePage(
                    assets: assets, realm: realm.displayName, page: path(realm),
                    action: path(realm) + "/credentials/\(try context.parameters.require("credential"))/rename",
                    name: typed ?? "", error: error.description), status: .badRequest))
            }
        }
        account.post("sessions/:session/end") { request, context in
            try await change(request, context) { try await service.endSession(try context.parameters.require("session"), of: $0, from: $1) }
        }
        account.post("sign-out-elsewhere") { request, context in
            try await change(request, context) { _ = try await service.signOutEverywhereElse($0, from: $1) }
        }
        registerEmailChange(on: account)
        registerAppSignIn(on: account)
        registerConsoleReturn(on: account)
    }

    /// Signing in with the app on another device: off to the realm's hosted page as the page's
    /// own application, and back with its code. The started sign-in's cookie holds its secret
    /// and the step of the page to go on to (`secret.next`).
    private func registerAppSignIn(on account: some RouterMethods<ServerRequestContext>) {
        account.get("sign-in/app") { request, context in
            let realm = try await realm(context)
            let (secret, authorize) = try await appSignIn.start(realm)
            let next = request.uri.queryParameters.get("next").flatMap(Self.followable)
            var response = JSONResponse.redirect(to: authorize, status: .seeOther)
            response.headers[.setCookie] = startCookie.setting(
                secret + (next.map { "." + $0 } ?? ""), of: realm.id, lifetime: AccountAppSignIn.lifetime)
            return secured(response)
        }
        account.get("callback") { request, context in
            let realm = try await realm(context)
            let started = startCookie.secret(in: request, of: realm.id)?.split(separator: ".", maxSplits: 1).map(String.init) ?? []
            let query = request.uri.queryParameters
            var response: Response
            if query.get("error") != nil {
                response = message(
                    .badRequest, "Nobody was signed in", "The sign-in was declined, cancelled or took too long. Go back to your account page to try again.")
            } else {
                do {
                    let secret = try await appSignIn.finish(
                        realm, code: query.get("code"), state: query.get("state"), secret: started.first,
                        former: cookie.secret(in: request, of: realm.id), from: browser(request, context))
                    let next = started.dropFirst().first.flatMap(Self.followable)
                    response = JSONResponse.redirect(to: path(realm) + (next.map { "/" + $0 } ?? ""), status: .seeOther)
                    response.headers.append(HTTPField(
                        name: .setCookie, value: cookie.setting(secret, of: realm.id, lifetime: AccountService.absoluteLifetime)))
                } catch let error as ServerError where error.status == .badRequest {
                    response = message(.badRequest, "Nobody was signed in", error.description)
                }
            }
            response.headers.append(HTTPField(name: .setCookie, value: startCookie.setting("", of: realm.id, lifetime: 0)))
            return response
        }
    }

    /// Changing the email address: the form (after a fresh sign-in), and the links its mails carry.
    private func registerEmailChange(on account: some RouterMethods<ServerRequestContext>) {
        account.get("email") { request, context in
            let (realm, session) = try await signedIn(request, context)
            guard let session else { return JSONResponse.redirect(to: path(realm), status: .seeOther) }
            return try await emailPage(realm, session, typed: nil, error: nil)
        }
        account.post("email") { request, context in
            try origin.check(request)
            let typed = try? await request.formParameters(context: context).single("email")
            let (realm, session) = try await signedIn(request, context)
            guard let session else { return JSONResponse.redirect(to: path(realm), status: .seeOther) }
            do {
                _ = try await email.request(typed, of: session, realm: realm, from: browser(request, context))
            } catch let error as ServerError where error.status == .badRequest {
                return try await emailPage(realm, session, typed: typed, error: error.description, status: .badRequest)
            }
            return JSONResponse.redirect(to: path(realm), status: .seeOther)
        }
        for (link, step) in [(AccountEmailService.Link.confirm, "email/confirm"), (.cancel, "email/cancel")] {
            account.get(RouterPath(step)) { request, context in
                let realm = try await realm(context)
                let token = request.uri.queryParameters.get("token")
                guard let change = try await email.change(token, link, of: realm), let token else {
                    return message(.notFound, "This link does not work", "It was used, has expired, or its change was cancelled.")
                }
                let confirming = link == .confirm
                return secured(renderer.page(.accountEmailLink, AccountEmailLinkPage(
                    assets: assets,
                    heading: confirming ? "Use \(change.newEmail) for your account?" : "Cancel the change to \(change.newEmail)?",
                    consequence: confirming
                        ? "Your account at \(realm.displayName) will use this address from now on."
                        : "Your account at \(realm.displayName) keeps \(change.formerEmail ?? "its address") (or gets it back), and your account page signs out everywhere.",
                    action: path(realm) + "/" + step, token: token,
                    button: confirming ? "Use this address" : "Cancel the change")))
            }
            account.post(RouterPath(step)) { request, context in
                try origin.check(request)
                let realm = try await realm(context)
                let token = try? await request.formParameters(context: context).single("token")
                let from = browser(request, context)
                do {
                    if link == .confirm {
                        let change = try await email.confirm(token, of: realm, from: from)
                        return message(.ok, "Email address changed", "Your account now uses \(change.newEmail).")
                    }
                    let (change, restored) = try await email.cancel(token, of: realm, from: from)
                    let former = change.formerEmail ?? "no email address"
                    let outcome = change.confirmedAt == nil
                        ? "Your account keeps \(former)."
                        : restored ? "Your account uses \(former) again."
                        : "Your address was not put back: it was changed again since, other than on your account page, or another account now uses \(former). Ask whoever runs this service."
                    return message(.ok, "Change cancelled", outcome + " Your account page is signed out everywhere.")
                } catch let error as ServerError where error.status == .notFound || error.status == .conflict {
                    return message(error.status, "Your email address did not change", error.description)
                }
            }
        }
    }

    private func emailPage(
        _ realm: RealmRecord, _ session: AccountSessionRecord, typed: String?, error: String?, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let identity = try await service.store.identity(id: session.identityID)
        let page = path(realm)
        return secured(renderer.page(.accountEmail, AccountEmailPage(
            assets: assets, realm: realm.displayName, page: page, current: identity?.email,
            changeable: try await email.isChangeable(session), fresh: service.isFresh(session), action: page + "/email",
            email: typed ?? "", error: error, options: page + "/passkey/options", signIn: page + "/passkey?next=email",
            appSignIn: page + "/sign-in/app?next=email"), status: status))
    }

    private func message(_ status: HTTPResponse.Status, _ heading: String, _ message: String) -> Response {
        secured(renderer.page(.message, MessagePage(assets: assets, heading: heading, message: message), status: status))
    }

    /// A change posted by the page's own form, made in the browser's session (without one,
    /// nothing changes), then back to the page.
    private func change(
        _ request: Request, _ context: ServerRequestContext, _ body: (AccountSessionRecord, RequestSource) async throws -> Void
    ) async throws -> Response {
        try origin.check(request)
        let (realm, session) = try await signedIn(request, context)
        if let session { try await body(session, browser(request, context)) }
        return JSONResponse.redirect(to: path(realm), status: .seeOther)
    }

    /// The browser's session; `401` when it has none (signed out, or ended).
    private static func required(_ session: AccountSessionRecord?) throws -> AccountSessionRecord {
        guard let session else { throw ServerError(APIErrorCode.unauthorized, "sign in to your account page first") }
        return session
    }

    /// A step of the page a fresh sign-in may go on to (`credentials/ID/revoke`, `email`, `console/PATH`); anything
    /// else is not followed.
    package static func followable(_ next: String) -> String? {
        if next == "email" || AccountConsoleReturn.consolePath(of: next) != nil { return next }
        let parts = next.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "credentials", parts[2] == "revoke", !parts[1].isEmpty,
              parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return next
    }

    /// The realm, and the browser's session of its page while it stands.
    private func signedIn(_ request: Request, _ context: ServerRequestContext) async throws -> (RealmRecord, AccountSessionRecord?) {
        let realm = try await realm(context)
        return (realm, try await service.session(cookie.secret(in: request, of: realm.id), of: realm))
    }

    /// Where the request came from: the client's address, and its `User-Agent` kept printable and short.
    private func browser(_ request: Request, _ context: ServerRequestContext) -> RequestSource {
        RequestSource(address: context.clientAddress, userAgent: request.headers[.userAgent])
    }

    var assets: String { pathPrefix + "/v1/assets" }

    /// The page's own path (under the public base URL's path).
    func path(_ realm: RealmRecord) -> String {
        pathPrefix + "/v1/tenants/\(realm.tenantID)/realms/\(realm.id)/account"
    }

    func realm(_ context: ServerRequestContext) async throws -> RealmRecord {
        try await service.realm(try context.parameters.require("tenant"), try context.parameters.require("realm"))
    }

    func secured(_ response: Response) -> Response {
        var response = response
        BrowserSecurityHeaders.apply(SignInPageController.securityHeaders(), to: &response.headers)
        return response
    }
}
