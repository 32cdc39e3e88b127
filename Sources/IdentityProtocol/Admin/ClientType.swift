/// The OAuth client type of an application (RFC 6749 §2.1).
///
/// Closed: RFC 6749 defines exactly these two, so no server can send another.
public enum ClientType: String, Codable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Keeps a client secret: a backend.
    case confidential
    /// Cannot keep a secret: an app on a device, using PKCE.
    case `public`

    public var description: String { rawValue }
}
