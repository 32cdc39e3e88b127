import Crypto
import Foundation
import FuzzSupport
import IdentityProtocol
import JWTKit
import IdentityServerCore
import RealmKeys

/// Token-shaped input through the code bi-server runs on it: the first byte picks the entry
/// point, the rest is a compact JWS (or an `Authorization` field). Access tokens and ID tokens
/// go through a realm signer as `/userinfo`, introspection, revocation and logout verify them;
/// DPoP proofs through the proof verifier of the token endpoint. Refusing is fine; throwing
/// anything but the refusals those callers catch (a `500`) or crashing is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenInputs(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let (selector, input) = FuzzInput.split(bytes, count) else { return 0 }
    let text = String(decoding: input, as: UTF8.self)
    switch selector % 5 {
    case 0:  // an access token, as AccessTokenCheck reads one issued before hashes were kept
        FuzzInput.blocking { await expectRefusalOnly { try await TokenFuzzing.signer.verify(text, as: AccessTokenClaims.self, type: AccessTokenClaims.type) } }
    case 4:  // an access token whose hash was kept (its claims read before any signature)
        FuzzInput.blocking {
            await expectRefusalOnly {
                try await TokenFuzzing.signer.verify(text, as: AccessTokenClaims.self, type: AccessTokenClaims.type) { _ in Secrets.hash(text) }
            }
        }
    case 1:  // an ID token, as logout reads its id_token_hint
        FuzzInput.blocking { await expectRefusalOnly { try await TokenFuzzing.signer.verify(text, as: IDTokenClaims.self, type: "JWT") } }
    case 2:  // a DPoP proof at the token endpoint
        _ = try? DPoPProofVerifier().verify(text, method: "POST", url: TokenFuzzing.tokenEndpoint, now: TokenFuzzing.now)
    default:  // an Authorization field
        _ = AccessTokenScheme.parse(text)
    }
    return 0
}

/// Traps on an error the server's callers do not take for a refusal (it would answer `500`).
private func expectRefusalOnly(_ body: () async throws -> some Any) async {
    do {
        _ = try await body()
    } catch is RealmSigner.SignerError, is JWTError, is DecodingError {
    } catch {
        fatalError("a token made the signer throw \(String(reflecting: type(of: error))): the server would answer 500")
    }
}

/// A realm signer over fixed keys, so a seed signed by them verifies and fuzzing starts from
/// the paths a valid token takes.
enum TokenFuzzing {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let tokenEndpoint = "https://bi.test/v1/tenants/t/realms/r/token"
    static let signer: RealmSigner = {
        let key = try! P256.Signing.PrivateKey(rawRepresentation: Data(repeating: 7, count: 32))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var signer: RealmSigner?
        Task {
            signer = try! await RealmSigner(keys: [SigningKey(kid: "fuzz", material: .p256(key))], now: { now })
            done.signal()
        }
        done.wait()
        return signer!
    }()
}

/// libFuzzer's driver when built with `-sanitize=fuzzer` (`Fuzz/run`); otherwise a replay of
/// the files or directories given as arguments.
@main struct Main {
    static func main() { FuzzInput.main { fuzzTokenInputs($0, $1) } }
}
