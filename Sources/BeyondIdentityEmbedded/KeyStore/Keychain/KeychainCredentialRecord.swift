import Foundation

/// What a credential's Keychain item holds: the credential, where its key is, how it is
/// protected, and the biometry it was bound to (to tell "biometry changed" from other failures).
struct KeychainCredentialRecord: Codable, Sendable {
    static let currentVersion = 1
    var version: Int
    var credential: Credential
    var storage: KeyStorage
    var protection: KeyProtection
    var biometryState: Data?
}
