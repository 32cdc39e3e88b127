import Foundation
import FuzzSupport
import WebAuthn

/// What a browser sends a relying party, parsed and verified: the first byte picks the input
/// (an attestation object verified as a registration, authenticator data verified as an
/// assertion, a COSE key, client data JSON, or any CBOR), the rest is it. Refusing is fine;
/// crashing, or throwing anything but the verifier's own errors, is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebAuthnInputs(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let (selector, data) = FuzzInput.split(bytes, count) else { return 0 }
    let input = [UInt8](data)
    switch selector % 5 {
    case 0:  // a registration's attestation object
        FuzzInput.blocking {
            await expectWebAuthnErrorOnly {
                _ = try await WebAuthnFuzzing.party.verifyRegistration(
                    clientDataJSON: WebAuthnFuzzing.clientData("webauthn.create"), attestationObject: input,
                    challenge: WebAuthnFuzzing.challenge)
            }
        }
    case 1:  // an assertion's authenticator data, with a signature from the input's end
        await_(input) { input in
            let split = max(0, input.count - 72)
            _ = try WebAuthnFuzzing.party.verifyAssertion(
                clientDataJSON: WebAuthnFuzzing.clientData("webauthn.get"), authenticatorData: Array(input[..<split]),
                signature: Array(input[split...]), challenge: WebAuthnFuzzing.challenge, publicKeyBytes: WebAuthnFuzzing.key,
                storedSignCount: 0, backupEligible: false)
        }
    case 2:  // a credential's public key
        await_(input) { input in
            _ = try COSEKey(bytes: input).isValidSignature(input, for: input)
        }
    case 3:  // client data JSON
        await_(input) { input in
            _ = try WebAuthnFuzzing.party.verifyAssertion(
                clientDataJSON: input, authenticatorData: [], signature: [], challenge: WebAuthnFuzzing.challenge,
                publicKeyBytes: WebAuthnFuzzing.key, storedSignCount: 0, backupEligible: false)
        }
    default:  // any CBOR
        _ = try? CBORDecoder().decode(input)
    }
    return 0
}

/// Runs a synchronous check that may only refuse with a WebAuthn error.
private func await_(_ input: [UInt8], _ body: ([UInt8]) throws -> Void) {
    do {
        try body(input)
    } catch is WebAuthnError {
    } catch {
        fatalError("the verifier threw \(String(reflecting: type(of: error)))")
    }
}

private func expectWebAuthnErrorOnly(_ body: () async throws -> Void) async {
    do {
        try await body()
    } catch is WebAuthnError {
    } catch {
        fatalError("the verifier threw \(String(reflecting: type(of: error)))")
    }
}

/// The fixed relying party, challenge and key the inputs are checked against.
enum WebAuthnFuzzing {
    static let party = RelyingParty(id: "localhost", origins: ["http://localhost"], userVerification: .discouraged)
    static let challenge = [UInt8](repeating: 7, count: 32)
    /// An ES256 COSE key (Chromium's, from the seed corpus).
    static let key: [UInt8] = Array(Data(base64Encoded:
        "pQECAyYgASFYIC2dAjEnCoao6vKYbaHRra3389e29X1f6PqBcwzpdzL6Ilggesz0nnWbO7lf1HR7VRezNFpcNrEzANDVMvh0GSNTg50=")!)

    static func clientData(_ type: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc","origin":"http://localhost"}"#.utf8)
    }
}

@main struct Main {
    static func main() { FuzzInput.main { fuzzWebAuthnInputs($0, $1) } }
}
