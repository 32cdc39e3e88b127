package import Foundation
package import IdentityProtocol
import IdentityStorage
package import IdentityServerCore
package import RealmKeys

/// OpenID Provider metadata (Discovery 1.0 §3), the realm's JWKS, and which issuer serves a client.
package struct DiscoveryService {
    package let store: any ProviderStore
    package let keyring: RealmKeyring
    package let baseURL: PublicBaseURL
    /// Each issuer's metadata document, encoded once: it depends only on the issuer. Kept for
    /// as many realms as their keys are.
    package let documents: EncodedDocuments

    package init(store: any ProviderStore, keyring: RealmKeyring, baseURL: PublicBaseURL) {
        (self.store, self.keyring, self.baseURL) = (store, keyring, baseURL)
        documents = EncodedDocuments(capacity: keyring.capacity)
    }

    /// The metadata of a realm's provider (Discovery 1.0 §3) as JSON.
    package func metadataJSON(tenantID: String, realmID: String) async throws -> Data {
        try await requireRealm(tenantID: tenantID, realmID: realmID)
        let issuer = baseURL.issuer(tenantID: tenantID, realmID: realmID)
        if let document = documents[issuer] { return document }
        let document = try JSONEncoder.identityWire.encode(metadata(issuer: issuer))
        documents.keep(document, for: issuer)
        return document
    }

    /// The metadata of the provider at `issuer`, which must exist.
    private func metadata(issuer: String) -> ProviderMetadata {
        ProviderMetadata(
            issuer: issuer,
            authorizationEndpoint: issuer + ProviderPath.authorize,
            tokenEndpoint: issuer + ProviderPath.token,
            userinfoEndpoint: issuer + ProviderPath.userinfo,
            jwksURI: issuer + ProviderPath.jwks,
            responseTypesSupported: ["code"],
            subjectTypesSupported: ["public"],
            idTokenSigningAlgValuesSupported: SigningAlgorithm.allCases.map(\.rawValue),
            scopesSupported: Scopes.defaults,
            tokenEndpointAuthMethodsSupported: Self.clientAuthMethods,
            grantTypesSupported: ApplicationRecord.GrantType.allCases.map(\.rawValue),
            codeChallengeMethodsSupported: [PKCES256.method],
            claimsSupported: ["iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "azp", "amr", "acr", "sid",
                              "preferred_username", "name", "email", GroupsClaim.name],
            responseModesSupported: ["query"],
            authorizationResponseIssParameterSupported: true,
            revocationEndpoint: issuer + ProviderPath.revocation,
            introspectionEndpoint: issuer + ProviderPath.introspection,
            endSessionEndpoint: issuer + ProviderPath.endSession,
            revocationEndpointAuthMethodsSupported: Self.clientAuthMethods,
            introspectionEndpointAuthMethodsSupported: Self.clientAuthMethods.filter {
                $0 != ApplicationRecord.TokenEndpointAuthMethod.none.rawValue
            },
            dpopSigningAlgValuesSupported: [DPoPProofVerifier.algorithm],
            acrValuesSupported: AssuranceLevel.known.map(\.rawValue), claimsParameterSupported: true)
    }

    /// How clients authenticate at the token and revocation endpoints; introspection answers
    /// only the confidential ones.
    private static var clientAuthMethods: [String] {
        ApplicationRecord.TokenEndpointAuthMethod.allCases.map(\.rawValue)
    }

    /// The realm's JSON Web Key Set, encoded once per key change.
    package func jwks(tenantID: String, realmID: String) async throws -> Data {
        try await requireRealm(tenantID: tenantID, realmID: realmID)
        return try await keyring.signer(realmID: realmID).jwksJSON
    }

    /// Which issuer serves a client (the SDK knows only the server and its client id).
    package func client(_ clientID: String) async throws -> ClientInfo {
        guard let application = try await store.application(clientID: clientID) else {
            throw ServerError.notFound("no such client")
        }
        return ClientInfo(
            clientID: clientID, issuer: baseURL.issuer(tenantID: application.tenantID, realmID: application.realmID),
            displayName: application.displayName)
    }

    private func requireRealm(tenantID: String, realmID: String) async throws {
        guard let realm = try await store.realm(id: realmID), realm.tenantID == tenantID else {
            throw ServerError.notFound("no such issuer")
        }
    }
}
