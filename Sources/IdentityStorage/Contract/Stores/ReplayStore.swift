public import Foundation

/// Ids used once: signed requests and DPoP proofs. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol ReplayStore: Sendable {
    /// Records that the credential's request `requestID` was accepted, until `expiresAt`;
    /// `false` when it already was (a replay), across instances.
    func useSignedRequest(credentialID: String, requestID: String, expiresAt: Date) async throws -> Bool
    /// Records that the DPoP proof `jti` of the key with `keyThumbprint` was accepted, until
    /// `expiresAt`, unless it already was (a replay, RFC 9449 §11.1), across instances. With
    /// `attempt`, the attempt is counted first, as ``recordAttempt(_:)`` counts it, in the same
    /// call, and a refused attempt spends no proof.
    func useDPoPProof(keyThumbprint: String, jti: String, expiresAt: Date, counting attempt: AttemptCount?) async throws -> DPoPProofUse
}
