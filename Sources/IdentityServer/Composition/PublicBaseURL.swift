import Synchronization

/// The public base URL, known once the server is bound when it was not configured.
final class PublicBaseURL: Sendable {
    private let url: Mutex<String>

    init(_ url: String) {
        self.url = Mutex(Self.trimmed(url))
    }

    /// `scheme://host[:port]` without a trailing slash.
    var value: String { url.withLock { $0 } }

    /// The issuer of a realm's OpenID provider.
    func issuer(tenantID: String, realmID: String) -> String {
        "\(value)/v1/tenants/\(tenantID)/realms/\(realmID)"
    }

    func set(_ newValue: String) {
        url.withLock { $0 = Self.trimmed(newValue) }
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
