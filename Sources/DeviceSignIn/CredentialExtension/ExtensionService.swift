package import Foundation
package import HTTPTypes
package import IdentityProtocol
package import IdentityStorage
import ServiceLifecycle
package import IdentityServerCore
package import RealmKeys

/// Credential extension on the server (docs/protocol.md): sessions in the database, each step a
/// compare-and-set on the session's version, so two devices (or two server instances) racing
/// for one session cannot both win. Holder (A) steps are in `ExtensionService+Holder`, the
/// claimant's (B) in `ExtensionService+Claimant`; this file has the status long poll and
/// what every step shares.
package struct ExtensionService {
    package let store: any DeviceSignInStore
    package let keyring: RealmKeyring
    package let codes: DigitCodes
    package let signals: ExtensionSignals
    package let claimLimiter: AttemptRateLimiter
    package let limits: CredentialExtensionSettings
    package let audit: AuditLog
    package let metrics: ServerMetrics
    package let now: @Sendable () -> Date

    /// Which device a session secret belongs to.
    package enum Role {
        case holder, claimant
    }

    package var settings: CredentialExtensionSettings { limits }

    /// Answers when the session has changed past `afterVersion`, or after the requested wait.
    package func status(_ request: ExtensionStatusRequest) async throws -> ExtensionStatus {
        var (session, role) = try await authorized(sessionID: request.sessionID, secret: request.secret)
        if role == .holder && !session.state.isFinal {
            try await store.touchExtensionSession(id: session.id, at: now())
        }
        let wait = Duration.seconds(min(max(request.wait ?? 0, 0), ExtensionStatusRequest.maximumWait))
        let deadline = ContinuousClock.now.advanced(by: wait)
        let seen = request.afterVersion ?? -1
        while true {
            session = try await settled(session)
            let remaining = ContinuousClock.now.duration(to: deadline)
            // A server shutting down answers with what it has; the device polls again elsewhere.
            if session.version > seen || remaining <= .zero || Task.isShuttingDownGracefully {
                return try await view(session, for: role)
            }
            let (id, store) = (session.id, store)
            session = try await signals.read(
                id, waitingUpTo: min(remaining, settings.recheckInterval), until: { $0.version > seen }
            ) {
                guard let current = try await store.extensionSession(id: id) else { throw Self.invalidSession }
                return current
            }
        }
    }

    // MARK: Shared steps

    /// The session and the caller's role in it, from the secret it presented.
    package func authorized(sessionID: String, secret: String) async throws -> (ExtensionSessionRecord, Role) {
        guard !sessionID.isEmpty, !secret.isEmpty,
              let session = try await store.extensionSession(id: sessionID)
        else { throw Self.invalidSession }
        let presented = Secrets.hash(secret)
        if Secrets.constantTimeEquals(presented, session.holderSecretHash) { return (session, .holder) }
        if let claim = session.claim, Secrets.constantTimeEquals(presented, claim.secretHash) { return (session, .claimant) }
        throw Self.invalidSession
    }

    /// The session with its time limits applied: a live session past its end fails as
    /// expired; a claim the holder has not endorsed within the holder timeout fails as abandoned.
    package func settled(_ session: ExtensionSessionRecord) async throws -> ExtensionSessionRecord {
        guard !session.state.isFinal else { return session }
        let now = now()
        if now >= session.expiresAt {
            return try await failing(session, APIErrorCode.extensionCodeExpired)
        }
        if session.state == .claimed, let claim = session.claim,
           now >= claim.claimedAt.addingTimeInterval(settings.holderTimeout) {
            return try await failing(session, APIErrorCode.extensionAbandoned)
        }
        return session
    }

    /// Ends the session as failed with `reason`; if another writer changed it first, returns theirs.
    @discardableResult
    package func failing(_ session: ExtensionSessionRecord, _ reason: APIErrorCode) async throws -> ExtensionSessionRecord {
        do {
            return try await commit(session) {
                $0.state = .failed
                $0.failure = reason.rawValue
            }
        } catch let error as ServerError where error.code == .api(.extensionStateConflict) {
            guard let current = try await store.extensionSession(id: session.id) else { throw Self.invalidSession }
            return current
        }
    }

    /// Applies `change` with a new version, if nobody changed the session since it was read;
    /// inserts `credential` in the same transaction; wakes the session's long polls.
    @discardableResult
    package func commit(
        _ session: ExtensionSessionRecord, inserting credential: CredentialRecord? = nil,
        _ change: (inout ExtensionSessionRecord) -> Void
    ) async throws -> ExtensionSessionRecord {
        var updated = session
        change(&updated)
        updated.version = session.version + 1
        updated.updatedAt = now()
        do {
            try await store.updateExtensionSession(updated, expectedVersion: session.version, inserting: credential)
        } catch let error as StorageError where error == .notFound {
            throw ServerError(APIErrorCode.extensionStateConflict, "the session changed meanwhile; ask for its status")
        }
        await signals.signal(session.id)
        return updated
    }

    /// The session as the device in `role` may see it.
    package func view(_ session: ExtensionSessionRecord, for role: Role) async throws -> ExtensionStatus {
        var status = ExtensionStatus(state: ExtensionState(session.state), version: session.version)
        if session.state == .cancelled {
            status.failure = Self.failure(APIErrorCode.extensionCancelled)
        } else if let failure = session.failure {
            status.failure = Self.failure(Self.storedFailure(failure))
        }
        switch role {
        case .holder:
            if session.state == .open {
                status.codeExpiresIn = max(0, Int(session.codeExpiresAt.timeIntervalSince(now())))
            }
            if session.state == .claimed, let claim = session.claim {
                status.certificateDraft = claim.draftCertificateDER.base64URLEncodedString
                status.claimantDeviceName = claim.deviceName
            }
        case .claimant:
            if session.state == .complete, let claim = session.claim, let chain = claim.issuedChain,
               let credential = try await store.credential(id: claim.credentialID) {
                status.credential = BindCredentialResponse(
                    credential: try await CredentialDescriptors(store: store).describe(credential),
                    certificateChain: chain, postBindingRedirectURI: nil)
            }
        }
        return status
    }

    /// The error a session's end means, with its description.
    package static func failure(_ code: APIErrorCode) -> APIErrorBody {
        APIErrorBody(error: code.rawValue, errorDescription: descriptions[code] ?? "the extension failed (\(code.rawValue))")
    }

    /// The error `code` means for a session, answered with `status` (by default the code's own).
    package static func error(_ code: APIErrorCode, _ status: HTTPResponse.Status? = nil) -> ServerError {
        ServerError(code, failure(code).errorDescription ?? code.rawValue, status: status)
    }

    /// The code a session recorded when it failed (one this version no longer knows reads as abandoned).
    package static func storedFailure(_ failure: String) -> APIErrorCode {
        APIErrorCode(rawValue: failure) ?? .extensionAbandoned
    }

    private static let descriptions: [APIErrorCode: String] = [
        APIErrorCode.invalidExtensionCode: "the code is wrong, or the other device has replaced it with a newer one",
        APIErrorCode.extensionCodeExpired: "the code has expired",
        APIErrorCode.extensionCodeUsed: "the code has already been used by a device",
        APIErrorCode.extensionCancelled: "the extension was cancelled on the device that showed the code",
        APIErrorCode.extensionAbandoned: "the device that showed the code stopped answering",
        APIErrorCode.invalidEndorsement: "the endorsement does not verify for the claimed key",
        APIErrorCode.credentialRevoked: "the credential being extended has been revoked",
        APIErrorCode.identityInactive: "the identity is suspended or deleted",
    ]

    package static let invalidSession = ServerError(APIErrorCode.invalidExtensionSession, "the extension session is unknown, or the secret is not one of its devices'")
}
