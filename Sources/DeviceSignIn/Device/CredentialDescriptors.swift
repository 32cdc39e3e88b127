package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// Builds what a device is told about a credential: ids with the names of its tenant,
/// realm and identity.
package struct CredentialDescriptors {
    package let store: any DeviceSignInStore

    package func describe(_ credential: CredentialRecord) async throws -> CredentialDescriptor {
        let store = store
        guard let identity = try await store.identity(id: credential.identityID),
              let realm = try await store.realm(id: credential.realmID),
              let tenant = try await store.tenant(id: credential.tenantID)
        else { throw ServerError.notFound("the credential's identity, realm or tenant no longer exists") }
        return describe(credential, tenant: tenant, realm: realm, identity: identity)
    }

    package func describe(_ credential: CredentialRecord, tenant: TenantRecord, realm: RealmRecord, identity: IdentityRecord) -> CredentialDescriptor {
        CredentialDescriptor(
            id: credential.id, tenantID: tenant.id, tenantDisplayName: tenant.displayName,
            realmID: realm.id, realmDisplayName: realm.displayName,
            identityID: identity.id, identityUsername: identity.username, identityDisplayName: identity.displayName,
            state: ServerCredentialState(credential.state), createdAt: credential.createdAt, parentCredentialID: credential.parentCredentialID,
            realmTheme: RealmTheme(realm.theme))
    }
}
