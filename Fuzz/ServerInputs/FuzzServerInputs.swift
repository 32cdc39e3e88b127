import Foundation
import FuzzSupport
import IdentityProtocol
import SwiftASN1
import X509
import IdentityServerCore
import DeviceSignIn

/// What bi-server parses from an attacker: the first byte picks the parser, the rest is input.
/// Parsers may refuse anything; they must never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerInputs(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let (selector, input) = FuzzInput.split(bytes, count) else { return 0 }
    let text = String(decoding: input, as: UTF8.self)
    switch selector % 4 {
    case 0:  // a device's CSR, as enrollment and extension read it
        _ = try? CSRValidation.publicKey(fromPEM: text)
    case 1:  // a presented certificate chain (PEM blocks) or a stored certificate (DER)
        _ = try? PEMDocument.parseMultiple(pemString: text).map { try Certificate(pemEncoded: $0.pemString) }
        _ = try? Certificate(derEncoded: Array(input))
    case 2:  // a form body or query string
        if let form = try? FormParameters(text) {
            for name in ["grant_type", "code", "redirect_uri", "client_id", "scope", "token"] { _ = try? form.single(name) }
        }
    default:  // JSON bodies of the device and admin APIs
        FuzzInput.decodeJSON(input, as: [
            SignedCredentialRequest.self, BindCredentialRequest.self, AuthenticationChallengeRequest.self,
            ApplicationInput.self, BindingJobInput.self, IdentityInput.self, ExtensionStatusRequest.self,
        ])
    }
    return 0
}

/// libFuzzer's driver when built with `-sanitize=fuzzer` (`Fuzz/run`); otherwise a replay of
/// the files or directories given as arguments.
@main struct Main {
    static func main() { FuzzInput.main { fuzzServerInputs($0, $1) } }
}
