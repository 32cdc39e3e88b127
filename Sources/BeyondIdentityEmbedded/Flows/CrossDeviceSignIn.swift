import Foundation
import IdentityProtocol

/// A sign-in started in a browser on another device, answered here: reads its sign-in URL,
/// fetches its context (what the user checks before agreeing), and approves it with the
/// device key of a credential of its realm or declines it. Nothing is opened on this device:
/// the browser that showed the URL continues on its own.
///
/// The application is a web application of the realm, not the one the SDK is configured for,
/// so unlike ``DeviceAuthentication`` its client id is not checked against the SDK's.
struct CrossDeviceSignIn: Sendable {
    let context: SDKContext

    /// What ``AuthenticateResponse/message`` says after an approval.
    static let continueMessage = "Continue on your other device"

    /// The context of the sign-in `url` names.
    /// The lookup is kept, so that approving the sign-in next does not ask the server again
    /// (each lookup counts against the server's rate limit).
    func authenticationContext(of url: URL) async throws -> AuthenticationContext {
        let (code, signIn) = try await fetch(url)
        await context.crossDeviceLookups.keep(signIn, code: code, server: context.domain)
        return AuthenticationContext(
            authUrl: url,
            application: .init(id: .init(signIn.applicationID), displayName: signIn.challenge.applicationDisplayName),
            origin: .init(
                sourceIp: signIn.origin.sourceIP, userAgent: signIn.origin.userAgent, geolocation: signIn.origin.geolocation,
                referer: signIn.origin.referer),
            startedAt: signIn.startedAt)
    }

    /// Approves the sign-in `url` names: signs its challenge as every sign-in does and posts it.
    /// The context ``authenticationContext(of:)`` last looked up for it is used rather than
    /// asked for again; it is forgotten once an approval is posted (a choice of credential the
    /// user cancelled keeps it).
    func approve(_ url: URL, choosing choice: CredentialChoice) async throws -> AuthenticateResponse {
        let code = try SignInURL.code(from: url, server: context.domain)
        let lookups = context.crossDeviceLookups
        let signIn: CrossDeviceContext
        if let kept = await lookups.kept(code: code, server: context.domain) {
            signIn = kept
        } else {
            signIn = try await fetch(url).signIn
        }
        let signer = ChallengeSigner(context: context)
        let (assertion, credential) = try await signer.assertion(for: signIn.challenge, choosing: choice)
        await lookups.forget(code: code, server: context.domain)
        let outcome: CrossDeviceOutcome = try await signer.submit(
            CrossDeviceAPI.approve, CrossDeviceApproval(request: code, assertion: assertion), vocabulary: .crossDevice)
        try expect(outcome, .approved)
        context.log(.info, "cross-device sign-in: approved with \(credential.handle)")
        return AuthenticateResponse(redirectURL: url, message: Self.continueMessage, continuesOnOtherDevice: true)
    }

    /// Declines the sign-in `url` names.
    func decline(_ url: URL) async throws {
        let code = try SignInURL.code(from: url, server: context.domain)
        await context.crossDeviceLookups.forget(code: code, server: context.domain)
        let outcome: CrossDeviceOutcome = try await context.api.post(
            context.domain.url(CrossDeviceAPI.decline), json: CrossDeviceRequest(request: code), vocabulary: .crossDevice)
        try expect(outcome, .declined)
        context.log(.info, "cross-device sign-in: declined")
    }

    /// The code of `url` (a sign-in URL of the configured server, or nothing is asked) and its context.
    private func fetch(_ url: URL) async throws -> (code: String, signIn: CrossDeviceContext) {
        let code = try SignInURL.code(from: url, server: context.domain)
        let signIn: CrossDeviceContext = try await context.api.post(
            context.domain.url(CrossDeviceAPI.context), json: CrossDeviceRequest(request: code), vocabulary: .crossDevice)
        return (code, signIn)
    }

    private func expect(_ outcome: CrossDeviceOutcome, _ state: CrossDeviceState) throws {
        guard outcome.state == state else {
            throw BISDKError.invalidServerResponse("the sign-in is \(outcome.state) where \(state) was expected")
        }
    }
}

/// The context of the sign-in last looked up, kept until it is approved or declined, so that
/// showing it and approving it asks the server once.
actor CrossDeviceLookups {
    private var last: (code: String, server: Domain, signIn: CrossDeviceContext)?

    func keep(_ signIn: CrossDeviceContext, code: String, server: Domain) {
        last = (code, server, signIn)
    }

    func kept(code: String, server: Domain) -> CrossDeviceContext? {
        guard let last, last.code == code, last.server == server else { return nil }
        return last.signIn
    }

    func forget(code: String, server: Domain) {
        if let last, last.code == code, last.server == server { self.last = nil }
    }
}
