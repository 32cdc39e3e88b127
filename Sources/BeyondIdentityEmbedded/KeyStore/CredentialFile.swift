import Foundation

/// The content of one ``FileKeyStore`` file: a credential and its private key together, so
/// that one atomic write stores both or neither.
struct CredentialFile: Codable, Sendable {
    /// The format version; readers refuse versions they do not know.
    static let currentVersion = 1

    var version: Int
    var credential: Credential
    var privateKey: SealedPrivateKey
}
