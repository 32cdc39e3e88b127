import Foundation
import JWTKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The issuer's signing keys, from the `jwks_uri` of its discovery document. The key set is
/// fetched again when it is older than ``maximumAge`` (so a key the issuer withdrew stops
/// working within that time) and when a token names a `kid` it lacks; never more often than
/// once per ``refetchInterval``, whatever tokens arrive, and by one request at a time that
/// concurrent callers share. When a refetch fails, the keys already held keep serving.
actor IssuerKeys {
    private let issuer: String
    private let fetch: IssuerFetch
    private let now: @Sendable () -> Date
    private var metadata: Metadata?
    private var keys: JWKS?
    private var fetchedAt: Date?
    private var attemptedAt: Date?
    private var running: Task<JWKS, any Error>?
    /// The shortest time between two fetches of the key set.
    let refetchInterval: TimeInterval = 30
    /// How long a fetched key set is trusted without asking again.
    let maximumAge: TimeInterval = 600

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
        guard fetched.issuer == issuer else { throw .issuerUnavailable("the discovery document names issuer \(fetched.issuer)") }
        metadata = fetched
        return fetched
    }

    /// The ES256 key `kid`; `nil` when the issuer does not publish one.
    func key(_ kid: String) async throws(AccessTokenError) -> JWK? {
        let now = now()
        let held = keys?.find(identifier: kid, type: .ecdsa)
        let isStale = fetchedAt.map { now.timeIntervalSince($0) >= maximumAge } ?? true
        guard held == nil || isStale else { return held }
        let mayAsk = attemptedAt.map { now.timeIntervalSince($0) >= refetchInterval } ?? true
        guard mayAsk || running != nil else {
            guard keys != nil else { throw .issuerUnavailable("the issuer's keys could not be fetched; trying again shortly") }
            return held
        }
        do {
            return try await refreshed().find(identifier: kid, type: .ecdsa)
        } catch {
            // The issuer cannot be asked now: the keys held serve until it can.
            guard keys != nil else { throw error }
            return held
        }
    }

    /// The key set fetched anew, by one request however many callers wait for it.
    private func refreshed() async throws(AccessTokenError) -> JWKS {
        let task: Task<JWKS, any Error>
        if let running {
            task = running
        } else {
            attemptedAt = now()
            let jwksURI = try await discovery().jwksURI
            task = Task { try await self.get(jwksURI) as JWKS }
            running = task
        }
        do {
            let fetched = try await task.value
            if running == task { (keys, fetchedAt, running) = (fetched, now(), nil) }
            return fetched
        } catch {
            if running == task { running = nil }
            throw error as? AccessTokenError ?? .issuerUnavailable("\(error)")
        }
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
