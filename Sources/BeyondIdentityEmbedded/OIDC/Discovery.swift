import Foundation
import IdentityProtocol
import JWTKit

/// Finds the OpenID provider serving the configured client and caches what it finds:
/// `GET /v1/clients/{id}` → issuer, `GET {issuer}/.well-known/openid-configuration`, `GET jwks_uri`.
///
/// Provider metadata is cached per issuer for the life of the SDK instance; a JWKS is fetched
/// again once when a token names a `kid` it does not contain.
actor Discovery {
    private let api: APIClient
    private let domain: Domain
    private let clientID: String
    private var issuer: String?
    private var providers: [String: ProviderMetadata] = [:]
    private var keySets: [String: JWKS] = [:]

    init(api: APIClient, domain: Domain, clientID: String) {
        self.api = api
        self.domain = domain
        self.clientID = clientID
    }

    /// The provider metadata of the configured client's issuer.
    func provider() async throws -> ProviderMetadata {
        let issuer = try await clientIssuer()
        if let cached = providers[issuer] { return cached }
        guard let url = URL(string: issuer + ProviderPath.discovery) else {
            throw BISDKError.invalidServerResponse("issuer \(issuer) is not a URL")
        }
        let metadata: ProviderMetadata = try await api.get(url)
        // OpenID Connect Discovery §4.3: the metadata's issuer is exactly the issuer asked for.
        guard metadata.issuer == issuer else {
            throw BISDKError.invalidServerResponse("discovery names issuer \(metadata.issuer), expected \(issuer)")
        }
        providers[issuer] = metadata
        return metadata
    }

    /// The ES256 key `kid` of the provider's JWKS, fetching the JWKS again once if it is not
    /// in the cached one; `nil` if the provider has no such key.
    func signingKey(_ kid: String, of provider: ProviderMetadata) async throws -> JWK? {
        if let key = keySets[provider.issuer]?.find(identifier: kid, type: .ecdsa) { return key }
        guard let url = URL(string: provider.jwksURI) else {
            throw BISDKError.invalidServerResponse("jwks_uri \(provider.jwksURI) is not a URL")
        }
        let keys: JWKS = try await api.get(url)
        keySets[provider.issuer] = keys
        return keys.find(identifier: kid, type: .ecdsa)
    }

    /// The issuer serving the configured client (`GET /v1/clients/{id}`, once per instance).
    func clientIssuer() async throws -> String {
        if let issuer { return issuer }
        let info: ClientInfo = try await api.get(domain.url(DeviceAPI.client(clientID)))
        guard info.issuer.hasPrefix(domain.baseURL.absoluteString + "/") else {
            throw BISDKError.otherServer(apiBaseURL: info.issuer)
        }
        issuer = info.issuer
        return info.issuer
    }
}
