import Crypto
import Foundation
import IdentityProtocol

/// The random id that makes a signed device request single use: the server accepts each once.
enum SignedRequestID {
    /// 16 random bytes, base64url.
    static func make() -> String {
        SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }.base64URLEncodedString
    }
}
