import Foundation
import HTTPTypes
package import IdentityProtocol
package import IdentityStorage
import Prometheus
import RealmKeys
import SwiftASN1
import X509
package import IdentityServerCore

/// Device A's steps: open a session, replace its code, endorse the claimant, cancel (which
/// device B may do too).
extension ExtensionService {
    /// Opens a session for the credential that signed the request, with a first code, and
    /// cancels the credential's earlier sessions: one extension per credential at a time.
    package func open(_ request: OpenExtensionRequest) async throws -> OpenedExtension {
        let checks = DeviceChecks(store: store, keyring: keyring, now: now)
        let credential = try await checks.activeCredential(request.credentialID)
        try await checks.accept(request, of: credential) {
            SignedMessage.extension(credentialID: credential.id, issuedAt: $0, requestID: $1)
        }
        _ = try await checks.activeIdentity(credential.identityID)

        let now = now()
        let secret = Secrets.token()
        let opened = try await withFreshCode { code in
            let session = ExtensionSessionRecord(
                id: Secrets.identifier(), tenantID: credential.tenantID, realmID: credential.realmID,
                identityID: credential.identityID, credentialID: credential.id, holderSecretHash: Secrets.hash(secret),
                codeHash: codes.hash(code), codeExpiresAt: now.addingTimeInterval(settings.codeLifetime),
                expiresAt: now.addingTimeInterval(settings.sessionLifetime), state: .open, version: 1,
                holderSeenAt: now, claim: nil, failure: nil, createdAt: now, updatedAt: now)
            try await store.createExtensionSession(session)
            return session
        }
        for earlier in try await store.liveExtensionSessions(credentialID: credential.id)
        where earlier.id != opened.session.id {
            try await cancel(earlier)
        }
        try await audit.record(
            "extension.opened", tenantID: credential.tenantID, realmID: credential.realmID, subjectID: credential.id,
            detail: ["session_id": opened.session.id])
        return OpenedExtension(
            sessionID: opened.session.id, secret: secret,
            code: ExtensionCode(code: opened.code, expiresIn: Int(settings.codeLifetime), version: opened.session.version),
            expiresIn: Int(settings.sessionLifetime))
    }

    /// Replaces the code of an open session at once: the old code stops working.
    package func rotate(_ reference: ExtensionSessionReference) async throws -> ExtensionCode {
        let session = try await holderSession(reference)
        guard session.state == .open else { throw Self.notOpen(session) }
        let now = now()
        let rotated = try await withFreshCode { code in
            try await commit(session) {
                $0.codeHash = codes.hash(code)
                $0.codeExpiresAt = min(now.addingTimeInterval(settings.codeLifetime), session.expiresAt)
                $0.holderSeenAt = now
            }
        }
        return ExtensionCode(
            code: rotated.code, expiresIn: Int(rotated.session.codeExpiresAt.timeIntervalSince(now)),
            version: rotated.session.version)
    }

    /// Verifies A's chain and A's endorsement of B's drafted certificate, then has the realm's
    /// CA issue it and completes the session with B's credential (parent: A's), in one
    /// transaction.
    package func endorse(_ request: EndorseExtensionRequest) async throws -> ExtensionStatus {
        let session = try await holderSession(ExtensionSessionReference(sessionID: request.sessionID, secret: request.secret))
        guard session.state == .claimed, let claim = session.claim else { throw Self.notClaimed(session) }
        let (holder, chain) = try await endorsingCredential(of: session, presenting: request.certificateChain)
        guard let realm = try await store.realm(id: session.realmID) else { throw Self.invalidSession }
        let authority = try await keyring.authority(of: realm)
        guard let endorsement = Data(base64URLEncoded: request.signature),
              let certificate = ExtensionCertificates.issue(
                draftDER: claim.draftCertificateDER, endorsement: endorsement, endorser: chain[0], authority: authority)
        else {
            try await failing(session, APIErrorCode.invalidEndorsement)
            throw Self.error(APIErrorCode.invalidEndorsement, .unauthorized)
        }

        let now = now()
        let issued = CredentialRecord(
            id: claim.credentialID, tenantID: session.tenantID, realmID: session.realmID, identityID: session.identityID,
            state: .active, deviceName: claim.deviceName, certificateDER: try certificate.derData,
            parentCredentialID: holder.id, createdAt: now, lastUsedAt: nil, revokedAt: nil)
        let issuedChain = [try certificate.serializeAsPEM().pemString, try authority.certificatePEM]
        let completed = try await commit(session, inserting: issued) {
            $0.state = .complete
            $0.claim?.issuedChain = issuedChain
            $0.holderSeenAt = now
        }
        metrics.credentialsBound.increment()
        try await audit.record(
            "credential.extended", tenantID: session.tenantID, realmID: session.realmID, subjectID: issued.id,
            detail: ["identity_id": session.identityID, "parent_credential_id": holder.id, "session_id": session.id])
        return try await view(completed, for: .holder)
    }

    /// Cancels an open or claimed session; the code stops working at once. Idempotent, also
    /// when a claim or rotation lands meanwhile: it retries on the newer version.
    ///
    /// Device B may cancel too, with its claim's secret, when it gives up waiting: A then cannot
    /// complete the session for a device that is gone. If A endorsed first, B's view of the
    /// complete session carries the credential, so B can revoke it.
    package func cancel(_ reference: ExtensionSessionReference) async throws -> ExtensionStatus {
        let (session, role) = try await authorized(sessionID: reference.sessionID, secret: reference.secret)
        return try await view(try await cancel(try await settled(session)), for: role)
    }

    /// Cancels `session` unless it has ended, retrying when a claim or rotation lands meanwhile.
    @discardableResult
    private func cancel(_ session: ExtensionSessionRecord) async throws -> ExtensionSessionRecord {
        var session = session
        while !session.state.isFinal {
            do {
                session = try await commit(session) { $0.state = .cancelled }
                try await audit.record(
                    "extension.cancelled", tenantID: session.tenantID, realmID: session.realmID,
                    subjectID: session.credentialID, detail: ["session_id": session.id])
            } catch let error as ServerError where error.code == .api(.extensionStateConflict) {
                guard let current = try await store.extensionSession(id: session.id) else { throw Self.invalidSession }
                session = try await settled(current)
            }
        }
        return session
    }

    // MARK: Helpers

    /// A's credential and its verified chain, if A and its identity are still active; if not,
    /// the session fails with the same reason, so B learns it at once.
    private func endorsingCredential(
        of session: ExtensionSessionRecord, presenting chainPEMs: [String]
    ) async throws -> (CredentialRecord, [Certificate]) {
        let checks = DeviceChecks(store: store, keyring: keyring, now: now)
        do {
            let holder = try await checks.activeCredential(session.credentialID)
            _ = try await checks.activeIdentity(session.identityID)
            guard let realm = try await store.realm(id: session.realmID) else { throw Self.invalidSession }
            return (holder, try await checks.verifyChain(chainPEMs, of: holder, realm: realm))
        } catch let error as ServerError {
            if case let .api(reason) = error.code { try await failing(session, reason) }
            throw error
        }
    }

    /// The settled session, if `reference` holds A's secret; marks A as present.
    private func holderSession(_ reference: ExtensionSessionReference) async throws -> ExtensionSessionRecord {
        let (session, role) = try await authorized(sessionID: reference.sessionID, secret: reference.secret)
        guard role == .holder else { throw Self.invalidSession }
        return try await settled(session)
    }

    /// Runs `write` with new codes until one is not taken (a collision among stored sessions
    /// has odds of about one in 10⁹ per stored session).
    private func withFreshCode(
        _ write: (String) async throws -> ExtensionSessionRecord
    ) async throws -> (code: String, session: ExtensionSessionRecord) {
        for _ in 0..<5 {
            let code = codes.random()
            do {
                return (code, try await write(code))
            } catch let error as StorageError where error == .alreadyExists {
                continue
            }
        }
        throw StorageError.alreadyExists.with(detail: "no free extension code after 5 draws")
    }

    private static func notOpen(_ session: ExtensionSessionRecord) -> ServerError {
        session.state == .claimed
            ? ServerError(APIErrorCode.extensionStateConflict, "the code has been claimed; endorse or cancel")
            : ended(session)
    }

    private static func notClaimed(_ session: ExtensionSessionRecord) -> ServerError {
        session.state == .open
            ? ServerError(APIErrorCode.extensionStateConflict, "no device has claimed the code yet")
            : ended(session)
    }

    /// The error of a session that has ended.
    package static func ended(_ session: ExtensionSessionRecord) -> ServerError {
        switch session.state {
        case .cancelled: error(APIErrorCode.extensionCancelled, .conflict)
        case .complete: ServerError(APIErrorCode.extensionStateConflict, "the extension is complete")
        default: error(session.failure.map(storedFailure) ?? .extensionAbandoned, .conflict)
        }
    }
}
