import Foundation
import IdentityProtocol

/// Signs in to a pending sign-in (an invoke URL) with a one-time code mailed to the user, for
/// a device without a usable credential (a lost or new phone): asks the server to mail a code,
/// then redeems the code the user types. When this device has no credential of the sign-in's
/// realm, the redemption asks for a passkey binding token, so the user can set one up here.
struct EmailCodeSignIn: Sendable {
    let context: SDKContext

    /// Asks the server to mail a code for the sign-in `url` names to `email` (the answer is the
    /// same whether or not the address is a user's); `url` may also be a continuation URL, to
    /// send a new code.
    func begin(_ url: URL, email: String) async throws -> OtpChallengeResponse {
        let transaction = try InvokeURL.transaction(from: url, server: context.domain)
        let challenge: EmailCodeChallenge = try await context.api.post(
            context.domain.url(EmailCodeAPI.begin), json: EmailCodeRequest(transaction: transaction, email: email),
            vocabulary: .emailCode)
        context.log(.info, "email code: requested")
        return try continuation(challenge, of: transaction)
    }

    /// Redeems `code` for the challenge of the continuation URL `url`.
    func redeem(_ url: URL, code: String) async throws -> RedeemOtpResponse {
        let transaction = try InvokeURL.transaction(from: url, server: context.domain)
        let challenge = try InvokeURL.emailCodeChallenge(from: url)
        let bindDevice = try await lacksCredential(forSignInOf: url)
        let outcome: EmailCodeOutcome = try await context.api.post(
            context.domain.url(EmailCodeAPI.redeem),
            json: EmailCodeRedemption(challenge: challenge, code: code, bindDevice: bindDevice ? true : nil),
            vocabulary: .emailCode)
        switch outcome.outcome {
        case .succeeded:
            guard let redirect = outcome.redirectURI.flatMap(URL.init(string:)) else {
                throw BISDKError.invalidServerResponse("a redeemed code without a redirect_uri")
            }
            context.log(.info, "email code: signed in\(outcome.passkeyBindingToken == nil ? "" : ", with a passkey binding token")")
            return .success(AuthenticateResponse(
                redirectURL: redirect, message: nil, passkeyBindingToken: outcome.passkeyBindingToken))
        case .failed:
            guard let next = outcome.challenge else {
                throw BISDKError.invalidServerResponse("a wrong code without a challenge to try again")
            }
            context.log(.info, "email code: wrong code, \(next.attemptsLeft) attempts left")
            // The URL to try again with may name the sign-in by another reference (the server may
            // seal it again to live as long as the code): only its server and challenge are checked.
            return .failedOtp(try continuation(next, of: nil))
        default:
            throw BISDKError.invalidServerResponse("unknown email-code outcome \(outcome.outcome)")
        }
    }

    /// Whether this device has no active credential of the sign-in's realm on its server.
    private func lacksCredential(forSignInOf url: URL) async throws -> Bool {
        let challenge = try await DeviceAuthentication(context: context).challenge(of: url)
        return try await !ChallengeSigner(context: context).credentials(ofRealmOf: challenge).contains { $0.state == .active }
    }

    /// The server's challenge as a response, once its continuation URL is checked: a sign-in
    /// (`transaction`, when given) on the same server, carrying the challenge.
    private func continuation(_ challenge: EmailCodeChallenge, of transaction: String?) throws -> OtpChallengeResponse {
        guard let url = URL(string: challenge.url),
              let named = try? InvokeURL.transaction(from: url, server: context.domain), transaction == nil || named == transaction,
              (try? InvokeURL.emailCodeChallenge(from: url)) == challenge.challenge
        else { throw BISDKError.invalidServerResponse("the continuation URL is not this sign-in's on this server") }
        return OtpChallengeResponse(url: url, expiresAt: challenge.expiresAt, attemptsLeft: challenge.attemptsLeft)
    }
}
