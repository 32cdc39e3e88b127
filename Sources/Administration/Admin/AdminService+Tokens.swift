package import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// Admin tokens: managed only by owners. Each has a role; an owner's covers every tenant.
extension AdminService {
    /// Longest lifetime a token may be given: ten years.
    package static let maximumTokenLifetime = 10 * 366 * 86_400

    /// Creates a token; the answer is the only place the token ever appears.
    package func createAdminToken(_ input: AdminTokenInput) async throws -> AdminToken {
        try admin.require(.manageServer, toDo: "manage admin tokens")
        try requireRecentProof(toDo: "create an admin token")
        let label = try InputRules.name(input.label, field: "label")
        if let tenantID = input.tenantID { _ = try await tenantRecord(tenantID) }
        let role = try input.role.map { try InputRules.oneOf($0, field: "role") as AdminRole }
        if role == .owner, input.tenantID != nil {
            throw ServerError.invalidRequest("an owner's token covers every tenant: leave 'tenant_id' out, or choose another 'role'")
        }
        let lifetime = try Self.tokenLifetime(input.expiresIn)
        let token = AdminBootstrap.newToken()
        let now = now()
        let record = AdminTokenRecord(
            tokenHash: Secrets.hash(token), label: label, tenantID: input.tenantID, role: role, createdAt: now,
            expiresAt: lifetime.map(now.addingTimeInterval))
        let created = try event("admin.token.created", tenantID: record.tenantID, subjectID: record.id, detail: ["label": label, "role": record.role.rawValue])
        try await write { try await store.createAdminToken(record, audit: created) }
        var view = AdminViews.adminToken(record, now: now)
        view.token = token
        return view
    }

    /// A token's `expires_in` as a lifetime: 60 seconds to ``maximumTokenLifetime``; `nil` for never.
    package static func tokenLifetime(_ expiresIn: Int?) throws -> TimeInterval? {
        try expiresIn.map { seconds in
            guard (60...maximumTokenLifetime).contains(seconds) else {
                throw ServerError.invalidRequest("'expires_in' must be 60–\(maximumTokenLifetime) seconds")
            }
            return TimeInterval(seconds)
        }
    }

    package func adminTokens(_ page: PageRequest) async throws -> AdminPage<AdminToken> {
        try admin.require(.manageServer, toDo: "manage admin tokens")
        let now = now()
        return AdminViews.page(try await store.listAdminTokens(page)) { AdminViews.adminToken($0, now: now) }
    }

    package func adminToken(_ tokenID: String) async throws -> AdminToken {
        try admin.require(.manageServer, toDo: "manage admin tokens")
        return AdminViews.adminToken(try await adminTokenRecord(tokenID), now: now())
    }

    /// Revokes a token at once (again: no change). The last active owner's token cannot be
    /// revoked (`409 conflict`): create another first.
    package func revokeAdminToken(_ tokenID: String) async throws -> AdminToken {
        try admin.require(.manageServer, toDo: "manage admin tokens")
        let record = try await adminTokenRecord(tokenID)
        let now = now()
        guard record.revokedAt == nil else { return AdminViews.adminToken(record, now: now) }
        let revocation = try event("admin.token.revoked", tenantID: record.tenantID, subjectID: record.id, detail: ["label": record.label])
        let outcome: AdminTokenRevocation
        do {
            outcome = try await store.revokeAdminToken(id: tokenID, at: now, audit: revocation)
        } catch let error as StorageError where error == .notFound {
            // Revoked by another call meanwhile: the same answer as revoking it again.
            return AdminViews.adminToken(try await adminTokenRecord(tokenID), now: now)
        }
        switch outcome {
        case .revoked(let revoked):
            return AdminViews.adminToken(revoked, now: now)
        case .lastOwnerToken:
            throw ServerError(
                APIErrorCode.conflict,
                "this is the last active owner's admin token: create another one before revoking it")
        }
    }

    private func adminTokenRecord(_ tokenID: String) async throws -> AdminTokenRecord {
        guard let record = try await store.adminToken(id: tokenID) else { throw ServerError.notFound("no such admin token") }
        return record
    }
}
