import BeyondIdentityEmbedded
import Foundation
import FuzzSupport
import IdentityProtocol
import JWTKit

/// What the SDK parses from a server or another app: the first byte picks the parser, the rest
/// is input. Parsers may refuse anything; they must never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSDKInputs(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let (selector, input) = FuzzInput.split(bytes, count) else { return 0 }
    let text = String(decoding: input, as: UTF8.self)
    let server = Domain(baseURL: URL(string: "https://id.example/api")!)
    switch selector % 4 {
    case 0:  // an ID token's header and claims, as the SDK reads them before verifying
        FuzzInput.blocking { _ = try? await JWTKeyCollection().unverified(text, as: IDTokenClaims.self) }
    case 1:  // a JWKS document
        FuzzInput.blocking { _ = try? await JWTKeyCollection().add(jwksJSON: text) }
        FuzzInput.decodeJSON(input, as: [JWKS.self, ProviderMetadata.self, TokenEndpointResponse.self])
    case 2:  // an enrollment link handed to the app
        if let url = URL(string: text) { _ = try? EnrollmentLink.bindingToken(from: url, server: server) }
    default:  // an invoke URL or a sign-in URL of another device handed to the app
        if let url = URL(string: text) {
            _ = try? InvokeURL.transaction(from: url, server: server)
            _ = try? SignInURL.code(from: url, server: server)
        }
    }
    return 0
}

/// libFuzzer's driver when built with `-sanitize=fuzzer` (`Fuzz/run`); otherwise a replay of
/// the files or directories given as arguments.
@main struct Main {
    static func main() { FuzzInput.main { fuzzSDKInputs($0, $1) } }
}
