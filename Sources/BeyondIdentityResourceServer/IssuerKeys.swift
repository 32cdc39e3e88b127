import Foundation
import JWTKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The issuer's signing keys, from the `jwks_uri` of its discovery document, kept until a
/// token names a `kid` they lack; then fetched again, at most once per ``refetchInterval`` so
/// that tokens with made-up `kid`s cannot make the verifier hammer the issuer.
actor IssuerKeys {
    private let issuer: String
    private let fetch: IssuerFetch
    private let now: @Sendable () -> Date
    private var metadata: Metadata?
    private var keys: JWKS?
    private var fetchedAt: Date?
    /// The shortest time between two fetches of the key set.
    let refetchInterval: TimeInterval = 30

    /// What the verifier needs of the discovery document.
    struct Metadata: Decodable {
        let issuer: String
        let jwksURI: String
        let introspectionEndpoint: String?

        enum CodingKeys: String, CodingKey {
            case issuer
            case jwksURI = "jwks_uri"
            case introspectionEndpoint = "introspection_endpoint"
        }
    }

    init(issuer: String, fetch: @escaping IssuerFetch, now: @escaping @Sendable () -> Date) {
        self.issuer = issuer
        self.fetch = fetch
        self.now = now
    }

    /// The issuer's discovery document, fetched once; its `issuer` must be the one configured.
    func discovery() async throws(AccessTokenError) -> Metadata {
        if let metadata { return metadata }
        let fetched: Metadata = try await get(issuer + "/.well-known/openid-configuration")
        guard fetched.issuer == issuer else {
            throw .issuerUnavailable("the discovery document names issuer \(fetched.issuer), not \(issuer)")
        }
        metadata = fetched
        return fetched
    }

    /// The ES256 key `kid`; `nil` when the issuer does not publish one.
    func key(_ kid: String) async throws(AccessTokenError) -> JWK? {
        if let key = keys?.find(identifier: kid, type: .ecdsa) { return key }
        if let fetchedAt, now().timeIntervalSince(fetchedAt) < refetchInterval { return nil }
        let fetched: JWKS = try await get(try await discovery().jwksURI)
        (keys, fetchedAt) = (fetched, now())
        return fetched.find(identifier: kid, type: .ecdsa)
    }

    private func get<Document: Decodable>(_ address: String) async throws(AccessTokenError) -> Document {
        guard let url = URL(string: address) else { throw .issuerUnavailable("\(address) is not a URL") }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            let (status, body) = try await fetch(request)
            guard status == 200 else { throw AccessTokenError.issuerUnavailable("\(address) answered \(status)") }
            return try JSONDecoder().decode(Document.self, from: body)
        } catch let error as AccessTokenError {
            throw error
        } catch {
            throw .issuerUnavailable("\(address): \(error)")
        }
    }
}
