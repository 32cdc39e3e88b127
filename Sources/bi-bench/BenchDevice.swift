import Crypto
import Foundation
import IdentityProtocol

/// An enrolled device: its credential and the key that signs for it.
struct BenchDevice: Sendable {
    let credentialID: String
    let certificateChain: [String]
    let key: P256.Signing.PrivateKey

    /// The device key's signature of `message`: DER, base64url, as the device API takes it.
    func sign(_ message: Data) throws -> String {
        try key.signature(for: message).derRepresentation.base64URLEncodedString
    }
}
