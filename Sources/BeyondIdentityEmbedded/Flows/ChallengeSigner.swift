import Crypto
import Foundation
import IdentityProtocol

/// Signs a sign-in's challenge with the device key of a credential of its realm, and submits
/// the assertion: what answering an invoke URL (``DeviceAuthentication``) and approving a
/// sign-in on another device (``CrossDeviceSignIn``) share.
struct ChallengeSigner: Sendable {
    let context: SDKContext

    /// The stored credentials of the challenge's realm on this context's server, states refreshed as due.
    func credentials(ofRealmOf challenge: AuthenticationChallenge) async throws -> [Credential] {
        try await CredentialStates(context: context).current().filter {
            $0.tenantID == challenge.tenantID && $0.realmID == challenge.realmID
                && context.domain.isBaseURL($0.apiBaseURL.absoluteString)
        }
    }

    /// Picks an active credential of the challenge's realm on the configured server as `choice`
    /// says, signs `SignedMessage.authentication` with its key, and says in the assertion's
    /// `amr` how the key store kept the key and verified the user (``KeyStore/assurance(of:)``).
    func assertion(
        for challenge: AuthenticationChallenge, choosing choice: CredentialChoice
    ) async throws -> (assertion: AuthenticationAssertion, credential: Credential) {
        let ofRealm = try await credentials(ofRealmOf: challenge).filter(choice.admits)
        let candidates = ofRealm.filter { $0.state == .active }
        if candidates.isEmpty, let unusable = ofRealm.first {
            // Say why rather than "not found": the server has revoked it or suspended the user.
            throw unusable.state == .userSuspended
                ? BISDKError.identityInactive("the identity is suspended") : BISDKError.credentialRevoked("the credential has been revoked")
        }
        let credential = try await choice.pick(from: candidates)
        context.log(.debug, "authentication: signing for \(challenge.applicationDisplayName) with \(credential.handle)")
        let message = SignedMessage.authentication(
            transaction: challenge.transaction, challenge: challenge.challenge, issuer: challenge.issuer,
            credentialID: credential.handle.rawValue)
        let (signature, assurance) = try await context.withKeyStore { store in
            (try await store.sign(message, with: credential.keyHandle, prompt: context.biometricAskPrompt),
             try await store.assurance(of: credential.keyHandle))
        }
        let assertion = AuthenticationAssertion(
            transaction: challenge.transaction, credentialID: credential.handle.rawValue,
            certificateChain: credential.chain, signature: signature.derRepresentation.base64URLEncodedString,
            amr: assurance.amr)
        return (assertion, credential)
    }

    /// Posts `body`, which carries an assertion, to the API path `path`. When the server refuses
    /// it for a revoked credential or an inactive identity, the credentials' states are asked
    /// for again on the next call.
    func submit<Response: Decodable>(
        _ path: String, _ body: some Encodable, vocabulary: APIClient.Vocabulary = .device
    ) async throws -> Response {
        do {
            return try await context.api.post(context.domain.url(path), json: body, vocabulary: vocabulary)
        } catch let error as BISDKError {
            if case .credentialRevoked = error { await context.stateRefresh.invalidate() }
            if case .identityInactive = error { await context.stateRefresh.invalidate() }
            throw error
        }
    }
}
