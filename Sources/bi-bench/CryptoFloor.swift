import Crypto
import Foundation

/// What the cryptography of one sign-in costs on this machine, measured with swift-crypto
/// (what the server uses): one P-256 verification of the device's signature and two ES256
/// signatures (access token and ID token).
enum CryptoFloor {
    /// Microseconds of one P-256 verify plus two P-256 signatures.
    static func microseconds(iterations: Int = 2000) -> (verify: Double, sign: Double) {
        let key = P256.Signing.PrivateKey()
        let message = Data((0..<160).map { UInt8($0 & 0xff) })
        let signature = try! key.signature(for: message)
        var valid = 0
        let verifyStart = ContinuousClock.now
        for _ in 0..<iterations where key.publicKey.isValidSignature(signature, for: message) { valid += 1 }
        let verify = (ContinuousClock.now - verifyStart).seconds / Double(iterations) * 1e6
        precondition(valid == iterations)
        let signStart = ContinuousClock.now
        for _ in 0..<iterations { _ = try! key.signature(for: message) }
        let sign = (ContinuousClock.now - signStart).seconds / Double(iterations) * 1e6
        return (verify, sign)
    }
}
