import Foundation
package import IdentityProtocol
package import IdentityStorage
package import Hummingbird
package import IdentityServerCore

/// Provisioning tokens: the bearer tokens of a realm's SCIM service, managed by whoever
/// administers the realm's tenant.
extension AdminService {
    /// Creates a token for the realm; the answer is the only place the token ever appears.
    package func createProvisioningToken(_ realm: RealmPath, _ input: ProvisioningTokenInput) async throws -> ProvisioningToken {
        try admin.require(.configure, toDo: "create provisioning tokens")
        _ = try await realmRecord(realm)
        let label = try InputRules.name(input.label, field: "label")
        let lifetime = try Self.tokenLifetime(input.expiresIn)
        let token = SCIMAuthentication.newToken()
        let now = now()
        let record = ProvisioningTokenRecord(
            tokenHash: Secrets.hash(token), label: label, tenantID: realm.tenantID, realmID: realm.realmID, createdAt: now,
            expiresAt: lifetime.map(now.addingTimeInterval))
        let created = try event(
            "admin.provisioning_token.created", tenantID: realm.tenantID, realmID: realm.realmID, subjectID: record.id,
            detail: ["label": label])
        try await write { try await store.createProvisioningToken(record, audit: created) }
        var view = provisioningTokenView(record, now: now)
        view.token = token
        return view
    }

    package func provisioningTokens(_ realm: RealmPath, _ page: PageRequest) async throws -> AdminPage<ProvisioningToken> {
        try admin.require(.readConfiguration, toDo: "list provisioning tokens")
        _ = try await realmRecord(realm)
        let now = now()
        return AdminViews.page(try await store.listProvisioningTokens(realmID: realm.realmID, page)) {
            provisioningTokenView($0, now: now)
        }
    }

    package func provisioningToken(_ realm: RealmPath, _ tokenID: String) async throws -> ProvisioningToken {
        try admin.require(.readConfiguration, toDo: "read provisioning tokens")
        return provisioningTokenView(try await provisioningTokenRecord(realm, tokenID), now: now())
    }

    /// Revokes a token at once: the next SCIM request with it is refused (again: no change).
    package func revokeProvisioningToken(_ realm: RealmPath, _ tokenID: String) async throws -> ProvisioningToken {
        try admin.require(.configure, toDo: "revoke provisioning tokens")
        let record = try await provisioningTokenRecord(realm, tokenID)
        let now = now()
        guard record.revokedAt == nil else { return provisioningTokenView(record, now: now) }
        let revocation = try event(
            "admin.provisioning_token.revoked", tenantID: realm.tenantID, realmID: realm.realmID, subjectID: tokenID,
            detail: ["label": record.label])
        do {
            return provisioningTokenView(try await store.revokeProvisioningToken(id: tokenID, at: now, audit: revocation), now: now)
        } catch let error as StorageError where error == .notFound {
            // Revoked by another call meanwhile: the same answer as revoking it again.
            return provisioningTokenView(try await provisioningTokenRecord(realm, tokenID), now: now)
        }
    }

    private func provisioningTokenRecord(_ realm: RealmPath, _ tokenID: String) async throws -> ProvisioningTokenRecord {
        _ = try await realmRecord(realm)
        guard let record = try await store.provisioningToken(id: tokenID), record.realmID == realm.realmID,
              record.tenantID == realm.tenantID
        else { throw ServerError.notFound("no such provisioning token") }
        return record
    }

    private func provisioningTokenView(_ r: ProvisioningTokenRecord, now: Date) -> ProvisioningToken {
        ProvisioningToken(
            id: r.id, label: r.label, tenantID: r.tenantID, realmID: r.realmID,
            status: AdminTokenStatus(r, at: now),
            scimBaseURL: SCIMAuthentication.baseURL(issuer: baseURL.issuer(tenantID: r.tenantID, realmID: r.realmID)),
            createdAt: r.createdAt, expiresAt: r.expiresAt, revokedAt: r.revokedAt)
    }
}

extension AdminController {
    /// The realm's provisioning tokens (`realms/:realm/provisioning-tokens`).
    package func registerProvisioningTokens(on realm: RouterGroup<ServerRequestContext>) {
        realm.post("provisioning-tokens") { request, context in
            try JSONResponse.make(
                try await acting(context).createProvisioningToken(
                    try RealmPath(context), try await request.decodeJSON(ProvisioningTokenInput.self, context: context)),
                status: .created)
        }
        realm.get("provisioning-tokens") { request, context in
            try JSONResponse.make(try await acting(context).provisioningTokens(try RealmPath(context), try request.page()))
        }
        realm.get("provisioning-tokens/:token") { _, context in
            try JSONResponse.make(try await acting(context).provisioningToken(try RealmPath(context), try context.id("token")))
        }
        realm.post("provisioning-tokens/:token/revoke") { _, context in
            try JSONResponse.make(try await acting(context).revokeProvisioningToken(try RealmPath(context), try context.id("token")))
        }
    }
}
