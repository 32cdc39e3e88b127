import Foundation
import IdentityProtocol

/// Answers an invoke URL: fetches the transaction's challenge, picks a credential of its
/// realm, signs the challenge with that credential's key and posts the assertion.
struct DeviceAuthentication: Sendable {
    let context: SDKContext

    func run(_ invokeURL: URL, choosing choice: CredentialChoice) async throws -> AuthenticateResponse {
        try await answer(invokeURL, choosing: choice).response
    }

    /// Answers the invoke URL; returns the response and the credential that signed.
    func answer(_ invokeURL: URL, choosing choice: CredentialChoice) async throws -> (response: AuthenticateResponse, credential: Credential) {
        let challenge = try await self.challenge(of: invokeURL)
        if let clientID = context.configuredClientID, challenge.clientID != clientID {
            throw BISDKError.otherApplication(clientID: challenge.clientID)
        }
        let signer = ChallengeSigner(context: context)
        let (assertion, credential) = try await signer.assertion(for: challenge, choosing: choice)
        let result: AuthenticationResult = try await signer.submit(DeviceAPI.authenticate, assertion)
        guard let redirectURL = URL(string: result.redirectURI) else {
            throw BISDKError.invalidServerResponse("redirect_uri is not a URL")
        }
        context.log(.info, "authentication: verified with \(credential.handle)")
        return (AuthenticateResponse(redirectURL: redirectURL, message: result.message), credential)
    }

    /// The challenge of the sign-in an invoke URL (or an email-code continuation URL) names,
    /// which says its realm and application; asking for it changes nothing on the server.
    func challenge(of invokeURL: URL) async throws -> AuthenticationChallenge {
        let transaction = try InvokeURL.transaction(from: invokeURL, server: context.domain)
        let challenge: AuthenticationChallenge = try await context.api.post(
            context.domain.url(DeviceAPI.authenticationChallenge), json: AuthenticationChallengeRequest(transaction: transaction))
        guard challenge.transaction == transaction else {
            throw BISDKError.invalidServerResponse("challenge for another transaction")
        }
        return challenge
    }
}
