import BeyondIdentityEmbedded
import Crypto
import Foundation
import Testing

@Suite struct PKCETests {
    @Test func verifierAndS256Challenge() {
        let pkce = PKCE()
        #expect(pkce.codeVerifier.count == 43)
        #expect(pkce.codeChallenge.method == "S256")
        let digest = Data(SHA256.hash(data: Data(pkce.codeVerifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(pkce.codeChallenge.challenge == digest)
        #expect(PKCE().codeVerifier != pkce.codeVerifier)
    }

    @Test func createPKCECallbackArrivesOnTheCallbackQueue() async {
        let pkce = await withCheckedContinuation { continuation in
            Embedded.shared.createPKCE { result in
                dispatchPrecondition(condition: .onQueue(Embedded.callbackQueue))
                continuation.resume(returning: try? result.get())
            }
        }
        #expect(pkce?.codeChallenge.method == "S256")
    }
}
