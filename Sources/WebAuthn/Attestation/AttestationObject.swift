/// A registration's attestation object (WebAuthn §6.5.4): the statement's format, the statement,
/// and the authenticator data it covers.
public struct AttestationObject: Sendable {
    public let format: String
    public let statement: CBORMap
    public let authenticatorData: AuthenticatorData

    /// The longest attestation object accepted (a statement's certificate chain included).
    public static let maxLength = 16_384

    public init(bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count <= Self.maxLength else { throw .malformed("attestation object is \(bytes.count) bytes") }
        let item: CBOR
        do {
            item = try CBORDecoder().decode(bytes)
        } catch {
            throw .malformed("attestation object: \(error)")
        }
        guard let map = item.map, let format = map["fmt"]?.text, let statement = map["attStmt"]?.map,
              let authData = map["authData"]?.bytes
        else { throw .malformed("attestation object lacks fmt, attStmt or authData") }
        self.format = format
        self.statement = statement
        authenticatorData = try AuthenticatorData(bytes: authData)
    }
}
