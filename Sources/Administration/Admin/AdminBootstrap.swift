package import Foundation
import IdentityStorage
package import IdentityServerCore

/// The first admin token: created when the store has none, written 0600 to
/// `admin-token` in the data directory, stored only as its hash.
package enum AdminBootstrap {
    package static let fileName = "admin-token"

    /// A new admin token: `bia_` and 256 random bits.
    package static func newToken() -> String { "bia_" + Secrets.token() }

    /// Returns the new token on first start, `nil` when admin tokens exist.
    package static func createFirstToken(store: any AdministrationStore, audit: AuditLog, dataDirectory: URL) async throws -> String? {
        guard try await store.adminTokenCount() == 0 else { return nil }
        let token = newToken()
        let file = dataDirectory.appendingPathComponent(fileName)
        try? FileManager.default.removeItem(at: file)
        try SecretFile.create(at: file, contents: Data((token + "\n").utf8))
        let record = AdminTokenRecord(tokenHash: Secrets.hash(token), label: "bootstrap", createdAt: audit.now())
        try await store.createAdminToken(record, audit: try audit.event(
            "admin.token.created", tenantID: nil, realmID: nil, subjectID: record.id,
            detail: ["label": record.label, "by": "first start", "admin_token_id": record.id]))
        return token
    }
}
