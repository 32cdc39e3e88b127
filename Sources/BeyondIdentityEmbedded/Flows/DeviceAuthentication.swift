import Foundation
import IdentityProtocol

/// Answers an invoke URL: fetches the transaction's challenge, picks a credential of its
/// realm, signs the challenge with that credential's key and posts the assertion.
struct DeviceAuthentication: Sendable {
    let context: SDKContext

    func run(_ invokeURL: URL, select: AsyncCredentialSelector?) async throws -> AuthenticateResponse {
        try await answer(invokeURL, select: select).response
    }

    /// Answers the invoke URL; returns the response and the credential that signed.
    func answer(_ invokeURL: URL, select: AsyncCredentialSelector?) async throws -> (response: AuthenticateResponse, credential: Credential) {
        let transaction = try InvokeURL.transaction(from: invokeURL, server: context.domain)
        let challenge: AuthenticationChallenge = try await context.api.post(
            context.domain.url(DeviceAPI.authenticationChallenge), json: AuthenticationChallengeRequest(transaction: transaction))
        guard challenge.transaction == transaction else {
            throw BISDKError.invalidServerResponse("challenge for another transaction")
        }
        guard challenge.clientID == context.clientID else {
            throw BISDKError.otherApplication(clientID: challenge.clientID)
        }
        let ofRealm = try await CredentialStates(context: context).current().filter {
            $0.tenantID == challenge.tenantID && $0.realmID == challenge.realmID
                && context.domain.isBaseURL($0.apiBaseURL.absoluteString)
        }
        let candidates = ofRealm.filter { $0.state == .active }
        if candidates.isEmpty, let unusable = ofRealm.first {
            // Say why rather than "not found": the server has revoked it or suspended the user.
            throw unusable.state == .userSuspended
                ? BISDKError.identityInactive("the identity is suspended") : BISDKError.credentialRevoked("the credential has been revoked")
        }
        let credential = try await CredentialChoice.pick(from: candidates, select: select)
        context.log(.debug, "authentication: signing for \(challenge.applicationDisplayName) with \(credential.handle)")
        let message = SignedMessage.authentication(
            transaction: transaction, challenge: challenge.challenge, issuer: challenge.issuer,
            credentialID: credential.handle.rawValue)
        let signature = try await context.withKeyStore {
            try await $0.sign(message, with: credential.keyHandle, prompt: context.biometricAskPrompt)
        }
        let result: AuthenticationResult
        do {
            result = try await context.api.post(
                context.domain.url(DeviceAPI.authenticate),
                json: AuthenticationAssertion(
                    transaction: transaction, credentialID: credential.handle.rawValue,
                    certificateChain: credential.chain, signature: signature.derRepresentation.base64URLEncodedString))
        } catch let error as BISDKError {
            if case .credentialRevoked = error { await context.stateRefresh.invalidate() }
            if case .identityInactive = error { await context.stateRefresh.invalidate() }
            throw error
        }
        guard let redirectURL = URL(string: result.redirectURI) else {
            throw BISDKError.invalidServerResponse("redirect_uri is not a URL")
        }
        context.log(.info, "authentication: verified with \(credential.handle)")
        return (AuthenticateResponse(redirectURL: redirectURL, message: result.message), credential)
    }
}
