/// Authenticator data (WebAuthn §6.1): the RP ID's hash, the flags, the signature counter, and
/// for a registration the attested credential data; extensions are parsed (bounded) and kept.
public struct AuthenticatorData: Sendable {
    /// The bytes as received: what the assertion's signature covers.
    public let bytes: [UInt8]
    public let rpIDHash: [UInt8]
    public let flags: AuthenticatorFlags
    public let signCount: UInt32
    public let attestedCredential: AttestedCredentialData?
    public let extensions: CBORMap?

    public init(bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count >= 37 else { throw .malformed("authenticator data is \(bytes.count) bytes") }
        self.bytes = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = AuthenticatorFlags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var position = 37
        if flags.contains(.attestedCredentialData) {
            guard bytes.count >= position + 18 else { throw .malformed("attested credential data is truncated") }
            let aaguid = Array(bytes[position..<position + 16])
            let length = Int(bytes[position + 16]) << 8 | Int(bytes[position + 17])
            position += 18
            guard length > 0, length <= AttestedCredentialData.maxCredentialIDLength, bytes.count >= position + length else {
                throw .malformed("credential ID length \(length)")
            }
            let credentialID = Array(bytes[position..<position + length])
            position += length
            let (key, end) = try Self.item(bytes[position...], "credential public key")
            attestedCredential = AttestedCredentialData(
                aaguid: aaguid, credentialID: credentialID, publicKeyBytes: Array(bytes[position..<end]), publicKey: try COSEKey(key))
            position = end
        } else {
            attestedCredential = nil
        }
        if flags.contains(.extensionData) {
            let (item, end) = try Self.item(bytes[position...], "extensions")
            guard let map = item.map else { throw .malformed("extensions are not a map") }
            extensions = map
            position = end
        } else {
            extensions = nil
        }
        guard position == bytes.count else { throw .malformed("\(bytes.count - position) bytes follow the authenticator data") }
    }

    private static func item(_ bytes: ArraySlice<UInt8>, _ what: String) throws(WebAuthnError) -> (CBOR, Int) {
        do {
            return try CBORDecoder().decodePrefix(bytes)
        } catch {
            throw .malformed("\(what): \(error)")
        }
    }
}
