import Foundation

/// `clientDataJSON` (WebAuthn §5.8.1): what the browser says it asked the authenticator to sign,
/// and for which page.
public struct CollectedClientData: Sendable, Decodable {
    public let type: String
    /// The challenge, base64url without padding, as the browser encoded it.
    public let challenge: String
    public let origin: String
    public let crossOrigin: Bool?
    public let topOrigin: String?

    /// The longest `clientDataJSON` accepted: browsers send a few hundred bytes.
    public static let maxLength = 4_096

    /// Decodes `bytes` (UTF-8 JSON of at most ``maxLength`` bytes).
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count <= Self.maxLength else { throw .malformed("client data is \(bytes.count) bytes") }
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(bytes))
        } catch {
            throw .malformed("client data is not the JSON WebAuthn defines")
        }
    }
}
