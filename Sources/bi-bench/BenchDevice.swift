import Crypto

/// An enrolled device: its credential and the key that signs for it.
struct BenchDevice: Sendable {
    let credentialID: String
    let certificateChain: [String]
    let key: P256.Signing.PrivateKey
}
