/// A JWS signing algorithm (RFC 7518 §3.1 `alg`) of a realm's keys and an application's ID tokens.
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct JWSAlgorithm: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// ECDSA with P-256 and SHA-256.
    public static let es256 = Self(rawValue: "ES256")
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    public static let rs256 = Self(rawValue: "RS256")
}
