/// The answer of a registration: the new credential's id (kind `passkey`).
package struct PasskeyRegistered: Encodable, Sendable {
    let credentialID: String

    enum CodingKeys: String, CodingKey {
        case credentialID = "credential_id"
    }
}
