import Foundation
import IdentityProtocol
import IdentityStorage

/// Admin tokens: managed only with a token for every tenant.
extension AdminService {
    /// Longest lifetime a token may be given: ten years.
    static let maximumTokenLifetime = 10 * 366 * 86_400

    /// Creates a token; the answer is the only place the token ever appears.
    func createAdminToken(_ input: AdminTokenInput) async throws -> AdminToken {
        try admin.requireUnscoped(toDo: "manage admin tokens")
        let label = try InputRules.name(input.label, field: "label")
        if let tenantID = input.tenantID { _ = try await tenantRecord(tenantID) }
        let lifetime = try input.expiresIn.map { seconds in
            guard (60...Self.maximumTokenLifetime).contains(seconds) else {
                throw ServerError.invalidRequest("'expires_in' must be 60–\(Self.maximumTokenLifetime) seconds")
            }
            return TimeInterval(seconds)
        }
        let token = AdminBootstrap.newToken()
        let now = now()
        let record = AdminTokenRecord(
            tokenHash: Secrets.hash(token), label: label, tenantID: input.tenantID, createdAt: now,
            expiresAt: lifetime.map(now.addingTimeInterval))
        try await write { try await store.createAdminToken(record) }
        try await audit("admin.token.created", tenantID: record.tenantID, subjectID: record.id, detail: ["label": label])
        var view = AdminViews.adminToken(record, now: now)
        view.token = token
        return view
    }

    func adminTokens(_ page: PageRequest) async throws -> AdminPage<AdminToken> {
        try admin.requireUnscoped(toDo: "manage admin tokens")
        let now = now()
        return AdminViews.page(try await store.listAdminTokens(tenantID: nil, page)) { AdminViews.adminToken($0, now: now) }
    }

    func adminToken(_ tokenID: String) async throws -> AdminToken {
        try admin.requireUnscoped(toDo: "manage admin tokens")
        return AdminViews.adminToken(try await adminTokenRecord(tokenID), now: now())
    }

    /// Revokes a token at once (again: no change). The last active token for every tenant
    /// cannot be revoked (`409 conflict`): create another first.
    func revokeAdminToken(_ tokenID: String) async throws -> AdminToken {
        try admin.requireUnscoped(toDo: "manage admin tokens")
        let record = try await adminTokenRecord(tokenID)
        let now = now()
        guard record.revokedAt == nil else { return AdminViews.adminToken(record, now: now) }
        switch try await write({ try await store.revokeAdminToken(id: tokenID, at: now) }) {
        case .revoked(let revoked):
            try await audit("admin.token.revoked", tenantID: revoked.tenantID, subjectID: revoked.id, detail: ["label": revoked.label])
            return AdminViews.adminToken(revoked, now: now)
        case .lastUnscopedToken:
            throw ServerError(
                APIErrorCode.conflict,
                "this is the last active admin token for every tenant: create another one before revoking it")
        }
    }

    private func adminTokenRecord(_ tokenID: String) async throws -> AdminTokenRecord {
        guard let record = try await store.adminToken(id: tokenID) else { throw ServerError.notFound("no such admin token") }
        return record
    }
}
