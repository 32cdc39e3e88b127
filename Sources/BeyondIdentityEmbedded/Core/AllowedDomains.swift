import Foundation
import IdentityProtocol

/// The hosts an SDK configured with ``Embedded/initialize(allowedDomains:biometricAskPrompt:keyStore:credentialStateMaxAge:logger:)``
/// acts on (the 2.x configuration): it has no single server, and reads each call's server from
/// the URL it is given. A URL whose server is not on an allowed host is refused before any request.
///
/// A host is allowed when it is an entry or a subdomain of one (`example.com` allows
/// `id.example.com`), compared without case. Plain `http` is accepted only for a loopback host
/// (`127.0.0.1`, `::1`, `localhost`), as on a developer's machine; every other server must use `https`.
struct AllowedDomains: Sendable, Equatable {
    /// The entries, lowercased, without leading or trailing dots.
    let entries: [String]

    /// What an SDK initialized without `allowedDomains` (or with an empty list) allows: the
    /// loopback server of ``Domain/local``, as the seed's `initialize` talks to by default.
    static let loopback = AllowedDomains(checked: ["127.0.0.1", "localhost"])

    private init(checked entries: [String]) {
        self.entries = entries
    }

    /// The list an app passed; `nil` or empty is ``loopback``. An entry that is not a bare host
    /// name (a scheme, a path, a port, a user, blanks) is refused, so a mistake does not widen
    /// or silently empty the list.
    init(_ domains: [String]?) throws(BISDKError) {
        guard let domains, !domains.isEmpty else {
            self = .loopback
            return
        }
        var entries: [String] = []
        for domain in domains {
            let entry = domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            let forbidden = CharacterSet(charactersIn: "/:@?#[]").union(.whitespacesAndNewlines)
            guard !entry.isEmpty, entry.rangeOfCharacter(from: forbidden) == nil else {
                throw .description("allowedDomains: \"\(domain)\" is not a host name (give hosts such as \"id.example.com\", without scheme, port or path)")
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    /// Whether the SDK may talk to the server at `apiBase`.
    func allows(_ apiBase: URL) -> Bool {
        guard let host = apiBase.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".[]")),
              let scheme = apiBase.scheme?.lowercased()
        else { return false }
        guard scheme == "https" || (scheme == "http" && Self.isLoopback(host)) else { return false }
        return entries.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    /// The API base URL of the server a URL the SDK is given belongs to, read without any
    /// request: the `api_base_url` item of an invoke URL, of an email-code continuation URL or
    /// of a registration redirect; the base below `/v1/cross-device` of a sign-in URL and
    /// below `/v1/bind` of an enrollment link. `nil` for any other URL.
    static func apiBase(of url: URL) -> URL? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if let base = items.first(where: { $0.name == DeviceURLParameter.apiBaseURL })?.value {
            return URL(string: base).flatMap { $0.host == nil ? nil : $0 }
        }
        guard url.host != nil, url.scheme?.isEmpty == false else { return nil }
        for suffix in [CrossDeviceAPI.signInURL, DeviceAPI.enrollmentLink] where url.path.hasSuffix(suffix) {
            return URL(string: Domain.origin(of: url) + url.path.dropLast(suffix.count))
        }
        return nil
    }
}
