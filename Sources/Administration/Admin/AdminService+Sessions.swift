import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// A user's sign-ins: listed, and ended one by one (its refresh and access tokens with it).
extension AdminService {
    package func sessions(_ identity: IdentityPath, _ page: PageRequest) async throws -> AdminPage<AdminSession> {
        try admin.require(.read, toDo: "list sessions")
        _ = try await identityRecord(identity)
        let records = try await store.listSessions(identityID: identity.identityID, page)
        var items: [AdminSession] = []
        for record in records.items { items.append(try await sessionView(record)) }
        return AdminPage(items: items, nextCursor: records.nextCursor)
    }

    package func session(_ identity: IdentityPath, _ sessionID: String) async throws -> AdminSession {
        try admin.require(.read, toDo: "read sessions")
        return try await sessionView(try await sessionRecord(identity, sessionID))
    }

    package func revokeSession(_ identity: IdentityPath, _ sessionID: String) async throws -> AdminSession {
        try admin.require(.helpIdentities, toDo: "revoke sessions")
        let session = try await sessionRecord(identity, sessionID)
        let revocation = try event(
            "session.revoked", tenantID: identity.tenantID, realmID: identity.realmID, subjectID: identity.identityID,
            detail: ["session_id": sessionID])
        try await store.revokeSession(id: sessionID, at: now(), audit: revocation)
        return try await sessionView(try await store.session(id: sessionID) ?? session)
    }

    /// The session of the identity; `404` when there is none (or it is another identity's).
    private func sessionRecord(_ identity: IdentityPath, _ sessionID: String) async throws -> SessionRecord {
        _ = try await identityRecord(identity)
        guard let session = try await store.session(id: sessionID), session.identityID == identity.identityID else {
            throw ServerError.notFound("no such session")
        }
        return session
    }

    private func sessionView(_ record: SessionRecord) async throws -> AdminSession {
        AdminViews.session(record, clientID: try await store.application(id: record.applicationID)?.clientID)
    }
}
