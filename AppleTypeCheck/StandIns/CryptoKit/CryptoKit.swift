// Stand-in for CryptoKit: swift-crypto is CryptoKit's API (on Apple platforms its `Crypto`
// module re-exports CryptoKit), plus the Secure Enclave declarations the SDK's Apple-only
// files use, with Apple's documented signatures. Nothing here runs.
@_exported import Crypto
import Foundation
import LocalAuthentication
import Security

/// https://developer.apple.com/documentation/cryptokit/secureenclave — `enum SecureEnclave`
public enum SecureEnclave {
    /// https://developer.apple.com/documentation/cryptokit/secureenclave/isavailable — `static var isAvailable: Bool { get }`
    public static var isAvailable: Bool { false }

    /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256
    public enum P256 {
        /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing
        public enum Signing {
            /// https://developer.apple.com/documentation/cryptokit/secureenclave/p256/signing/privatekey
            public struct PrivateKey {
                private init() { fatalError("stand-in") }
                /// `init(compactRepresentable: Bool = true, accessControl: SecAccessControl = ...,
                ///  authenticationContext: LAContext? = nil) throws`
                public init(compactRepresentable: Bool = true, accessControl: SecAccessControl, authenticationContext: LAContext? = nil) throws {
                    fatalError("stand-in")
                }
                /// `init(dataRepresentation: Data, authenticationContext: LAContext? = nil) throws`
                public init(dataRepresentation: Data, authenticationContext: LAContext? = nil) throws { fatalError("stand-in") }
                /// `var dataRepresentation: Data { get }`
                public var dataRepresentation: Data { fatalError("stand-in") }
                /// `var publicKey: P256.Signing.PublicKey { get }`
                public var publicKey: Crypto.P256.Signing.PublicKey { fatalError("stand-in") }
                /// `func signature<D>(for data: D) throws -> P256.Signing.ECDSASignature where D : DataProtocol`
                public func signature<D: DataProtocol>(for data: D) throws -> Crypto.P256.Signing.ECDSASignature { fatalError("stand-in") }
            }
        }
    }
}
