import Foundation
import HTTPTypes
package import IdentityProtocol
import IdentityStorage
import RealmKeys
import X509
import IdentityServerCore

/// Device B's step: claim a session with the code A shows and a CSR for B's new key.
extension ExtensionService {
    /// Rate-limits the attempt, finds the open session the code belongs to, drafts B's
    /// certificate under A's, and records the claim. Returns B's reference to poll with. A
    /// refused claim of a code that belongs to a session (used, expired, cancelled, a bad CSR)
    /// is audited as `extension.claim_refused` with its reason; a code of no session is only
    /// counted (anyone can send one, and the rate limit holds guessing back).
    package func claim(_ request: ClaimExtensionRequest, from clientAddress: String?) async throws -> ExtensionSessionReference {
        try await claimLimiter.admit(clientAddress: clientAddress)
        guard codes.isWellFormed(request.code) else {
            throw ServerError(APIErrorCode.invalidExtensionCode, "the code must be 9 digits")
        }
        do {
            return try await claimWellFormed(request)
        } catch let error as ServerError {
            if let session = try? await store.extensionSession(codeHash: codes.hash(request.code)) {
                await audit.recordRefusal(
                    "extension.claim_refused", reason: error.code.wire, of: session.id, tenantID: session.tenantID, realmID: session.realmID,
                    subjectID: session.credentialID, detail: ["session_id": session.id])
            }
            throw error
        }
    }

    private func claimWellFormed(_ request: ClaimExtensionRequest) async throws -> ExtensionSessionReference {
        let publicKey = try CSRValidation.publicKey(fromPEM: request.csr)
        let deviceName = try InputRules.optionalName(request.deviceName, field: "device_name")
        guard let found = try await store.extensionSession(codeHash: codes.hash(request.code)) else {
            throw Self.error(APIErrorCode.invalidExtensionCode)
        }
        let session = try await claimable(try await settled(found))
        let holder = try await store.credential(id: session.credentialID)
        guard let holder, holder.state == .active else {
            try await failing(session, APIErrorCode.credentialRevoked)
            throw Self.error(APIErrorCode.credentialRevoked, .forbidden)
        }

        let now = now()
        let credentialID = Secrets.identifier()
        guard let realm = try await store.realm(id: session.realmID) else { throw Self.invalidSession }
        let draft = try ExtensionCertificates.draft(
            for: publicKey, credentialID: credentialID, identityID: session.identityID,
            authority: try await keyring.root(of: realm).certificate, now: now)
        let draftDER = try draft.derData
        let secret = Secrets.token()
        do {
            try await commit(session) {
                $0.state = .claimed
                $0.claim = ExtensionClaimRecord(
                    secretHash: Secrets.hash(secret), deviceName: deviceName, credentialID: credentialID,
                    draftCertificateDER: draftDER, claimedAt: now, issuedChain: nil)
            }
        } catch let error as ServerError where error.code == .api(.extensionStateConflict) {
            // Another device claimed (or A cancelled) between our read and our write.
            guard let current = try await store.extensionSession(id: session.id) else { throw Self.invalidSession }
            throw Self.claimError(current)
        }
        try await audit.record(
            "extension.claimed", tenantID: session.tenantID, realmID: session.realmID, subjectID: session.credentialID,
            detail: ["session_id": session.id, "claimant_credential_id": credentialID])
        return ExtensionSessionReference(sessionID: session.id, secret: secret)
    }

    /// The session if its code may be claimed now; otherwise the specific reason why not.
    private func claimable(_ session: ExtensionSessionRecord) async throws -> ExtensionSessionRecord {
        guard session.state == .open else { throw Self.claimError(session) }
        let now = now()
        guard session.codeExpiresAt > now else { throw Self.error(APIErrorCode.extensionCodeExpired, .conflict) }
        guard now.timeIntervalSince(session.holderSeenAt) < settings.holderTimeout else {
            try await failing(session, APIErrorCode.extensionAbandoned)
            throw Self.error(APIErrorCode.extensionAbandoned, .conflict)
        }
        return session
    }

    /// Why a session that is no longer open refuses a claim: 409, as the code was right but
    /// the session has moved on; 400 for a code A has replaced.
    private static func claimError(_ session: ExtensionSessionRecord) -> ServerError {
        switch session.state {
        // Still open after a lost race: A replaced the code meanwhile.
        case .open: error(APIErrorCode.invalidExtensionCode)
        case .claimed, .complete: error(APIErrorCode.extensionCodeUsed, .conflict)
        case .cancelled: error(APIErrorCode.extensionCancelled, .conflict)
        default: error(session.failure.map(storedFailure) ?? .extensionCodeExpired, .conflict)
        }
    }
}
