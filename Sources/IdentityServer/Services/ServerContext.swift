import Foundation
import IdentityStorage
import Logging
import Prometheus
import Synchronization

/// What every service shares: storage, keys, clock, configuration and the public base URL.
struct ServerContext: Sendable {
    let store: any IdentityStore
    let keyring: RealmKeyring
    let mail: any MailTransport
    let lifetimes: ServerConfiguration.Lifetimes
    let credentialExtension: ServerConfiguration.CredentialExtension
    let extensionCodes: ExtensionCodes
    let extensionSignals: ExtensionSignals
    let claimRateLimiter: ClaimRateLimiter
    let trustedProxies: TrustedProxies
    let baseURL: PublicBaseURL
    let logger: Logger
    let metrics: ServerMetrics
    let now: @Sendable () -> Date

    /// The issuer of a realm's OpenID provider.
    func issuer(tenantID: String, realmID: String) -> String {
        "\(baseURL.value)/v1/tenants/\(tenantID)/realms/\(realmID)"
    }

    /// Appends an audit event; a failure to audit is logged, never hidden.
    func audit(_ type: String, tenantID: String?, realmID: String?, subjectID: String?, detail: [String: String] = [:]) async throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: detail, options: [.sortedKeys]), as: UTF8.self)
        try await store.appendAuditEvent(AuditEventRecord(
            id: Secrets.identifier(), occurredAt: now(), type: type, tenantID: tenantID, realmID: realmID,
            subjectID: subjectID, detailJSON: json
        ))
    }
}

/// The public base URL, known once the server is bound when it was not configured.
final class PublicBaseURL: Sendable {
    private let url: Mutex<String>

    init(_ url: String) {
        self.url = Mutex(Self.trimmed(url))
    }

    /// `scheme://host[:port]` without a trailing slash.
    var value: String { url.withLock { $0 } }

    func set(_ newValue: String) {
        url.withLock { $0 = Self.trimmed(newValue) }
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}

/// Counters of security events, published at `/metrics`.
struct ServerMetrics: Sendable {
    let credentialsBound: Counter
    let authenticationsSucceeded: Counter
    let authenticationsFailed: Counter
    let tokensIssued: Counter
    let codeReplays: Counter

    init(registry: PrometheusCollectorRegistry) {
        credentialsBound = registry.makeCounter(name: "bi_credentials_bound_total")
        authenticationsSucceeded = registry.makeCounter(name: "bi_authentications_succeeded_total")
        authenticationsFailed = registry.makeCounter(name: "bi_authentications_failed_total")
        tokensIssued = registry.makeCounter(name: "bi_tokens_issued_total")
        codeReplays = registry.makeCounter(name: "bi_authorization_code_replays_total")
    }
}
