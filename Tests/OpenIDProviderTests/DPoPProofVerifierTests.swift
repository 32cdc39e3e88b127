import Crypto
import Foundation
import IdentityProtocol
import Testing
import IdentityServerCore

/// The checks of a DPoP proof, RFC 9449 §4.3, each with its own refusal (issue 18).
@Suite struct DPoPProofVerifierTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let url = "https://id.example/v1/tenants/t/realms/r/token"
    let verifier = DPoPProofVerifier()

    /// Makes proofs the way a client does, with any member replaced or removed (`NSNull`).
    struct ProofMaker {
        let key = P256.Signing.PrivateKey()

        var jwk: [String: Any] {
            let raw = key.publicKey.rawRepresentation
            return ["kty": "EC", "crv": "P-256", "x": raw.prefix(32).base64URLEncodedString, "y": raw.suffix(32).base64URLEncodedString]
        }

        func make(header: [String: Any] = [:], claims: [String: Any] = [:], signer: P256.Signing.PrivateKey? = nil) throws -> String {
            let fullHeader = ["typ": "dpop+jwt", "alg": "ES256", "jwk": jwk].merging(header) { $1 }.filter { !($0.value is NSNull) }
            let fullClaims = [
                "jti": UUID().uuidString, "htm": "POST", "htu": DPoPProofVerifierTests.url,
                "iat": Int(DPoPProofVerifierTests.now.timeIntervalSince1970),
            ].merging(claims) { $1 }.filter { !($0.value is NSNull) }
            let input = try Self.encode(fullHeader) + "." + Self.encode(fullClaims)
            let signature = try (signer ?? key).signature(for: Data(input.utf8)).rawRepresentation
            return input + "." + signature.base64URLEncodedString
        }

        static func encode(_ object: [String: Any]) throws -> String {
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).base64URLEncodedString
        }
    }

    /// `proof` is refused as malformed, not for any other reason.
    private func expectMalformed(_ proof: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: DPoPProofError.self, "\(proof)", sourceLocation: sourceLocation) {
            try verifier.verify(proof, method: "POST", url: Self.url, now: Self.now)
        }
        if case .malformed = error { return }
        Issue.record("\(proof): \(String(describing: error)), not malformed", sourceLocation: sourceLocation)
    }

    @Test func aGoodProofGivesItsKeysThumbprint() throws {
        let maker = ProofMaker()
        let proof = try verifier.verify(
            try maker.make(claims: ["jti": "one", "nonce": "n-1"]), method: "POST", url: Self.url + "?unused=1", now: Self.now)
        // RFC 7638 computed independently: the required members, sorted, no whitespace.
        let members = try JSONSerialization.data(withJSONObject: maker.jwk, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(proof == DPoPProof(
            thumbprint: Data(SHA256.hash(data: members)).base64URLEncodedString, jti: "one", issuedAt: Self.now, nonce: "n-1"))
        // Scheme and host without case, the default port implied; the proof's query and fragment ignored.
        let loose = try maker.make(claims: ["htu": "HTTPS://ID.Example:443/v1/tenants/t/realms/r/token#x"])
        #expect(try verifier.verify(loose, method: "POST", url: Self.url, now: Self.now).thumbprint == proof.thumbprint)
    }

    @Test func eachCheckRefusesWithItsOwnError() throws {
        let maker = ProofMaker()
        let cases: [(String, DPoPProofError)] = [
            (try maker.make(header: ["typ": "JWT"]), .wrongType),
            (try maker.make(header: ["alg": "HS256"]), .unsupportedAlgorithm("HS256")),
            (try maker.make(header: ["alg": "none"]), .unsupportedAlgorithm("none")),
            (try maker.make(header: ["jwk": maker.jwk.merging(["d": Data(repeating: 1, count: 32).base64URLEncodedString]) { $1 }]),
             .unusableKey("must not contain a private key")),
            (try maker.make(header: ["jwk": ["kty": "RSA", "n": "AQAB", "e": "AQAB"]]), .unusableKey("must be an EC key on P-256")),
            (try maker.make(header: ["jwk": maker.jwk.merging(["x": Data(repeating: 7, count: 32).base64URLEncodedString]) { $1 }]),
             .unusableKey("is not a point on P-256")),
            (try maker.make(signer: P256.Signing.PrivateKey()), .badSignature),
            (try maker.make(claims: ["htm": "GET"]), .wrongMethod),
            (try maker.make(claims: ["htu": "https://id.example/v1/tenants/t/realms/r/userinfo"]), .wrongURL),
            (try maker.make(claims: ["htu": "https://evil.example/v1/tenants/t/realms/r/token"]), .wrongURL),
            (try maker.make(claims: ["htu": "http://id.example/v1/tenants/t/realms/r/token"]), .wrongURL),
            (try maker.make(claims: ["iat": Int(Self.now.timeIntervalSince1970) - 301]), .outsideWindow),
            // Only clock skew ahead: a proof made two minutes in advance is refused (RFC 9449 §11.2).
            (try maker.make(claims: ["iat": Int(Self.now.timeIntervalSince1970) + 61]), .outsideWindow),
        ]
        for (proof, expected) in cases {
            #expect(throws: expected, "\(expected)") { try verifier.verify(proof, method: "POST", url: Self.url, now: Self.now) }
        }
        for malformed in ["a.b", "..", try maker.make(claims: ["jti": NSNull()]), try maker.make(claims: ["jti": ""]),
                          try maker.make(header: ["jwk": NSNull()])] {
            expectMalformed(malformed)
        }
    }

    /// A proof longer than ``DPoPProofVerifier/maxLength`` is malformed, however well signed.
    @Test func aProofIsBoundedInLength() throws {
        let maker = ProofMaker()
        let padding = String(repeating: "p", count: DPoPProofVerifier.maxLength)
        #expect(throws: DPoPProofError.malformed("a proof is at most \(DPoPProofVerifier.maxLength) bytes")) {
            try verifier.verify(try maker.make(claims: ["padding": padding]), method: "POST", url: Self.url, now: Self.now)
        }
        #expect(throws: Never.self) {
            try verifier.verify(try maker.make(claims: ["padding": "short"]), method: "POST", url: Self.url, now: Self.now)
        }
    }

    @Test func theSignedBytesAreWhatIsChecked() throws {
        let good = try ProofMaker().make()
        let parts = good.split(separator: ".").map(String.init)
        // Another method in the claims, the signature left as it was: the signature fails first.
        let claimsData = try #require(Data(base64URLEncoded: parts[1]))
        var claims = try #require(try JSONSerialization.jsonObject(with: claimsData) as? [String: Any])
        claims["htm"] = "GET"
        let tampered = [parts[0], try ProofMaker.encode(claims), parts[2]].joined(separator: ".")
        #expect(throws: DPoPProofError.badSignature) { try verifier.verify(tampered, method: "GET", url: Self.url, now: Self.now) }
    }

    @Test func anAccessTokenMustBeTheOneTheProofHashes() throws {
        let maker = ProofMaker()
        let token = "eyJ.access.token"
        let ath = Data(SHA256.hash(data: Data(token.utf8))).base64URLEncodedString
        let bound = try maker.make(claims: ["htm": "GET", "ath": ath])
        #expect(throws: Never.self) { try verifier.verify(bound, method: "GET", url: Self.url, accessToken: token, now: Self.now) }
        #expect(throws: DPoPProofError.wrongAccessTokenHash) {
            try verifier.verify(bound, method: "GET", url: Self.url, accessToken: "another", now: Self.now)
        }
        #expect(throws: DPoPProofError.wrongAccessTokenHash) {
            try verifier.verify(try maker.make(claims: ["htm": "GET"]), method: "GET", url: Self.url, accessToken: token, now: Self.now)
        }
    }

    /// Proofs are read without `JSONDecoder` when compact; what is not (white space, a fraction of
    /// a second) is read by the decoder, to the same proof, and a member of the wrong kind is
    /// refused either way.
    @Test func proofsInEveryJSONFormReadTheSame() throws {
        let maker = ProofMaker()
        let compact = try verifier.verify(try maker.make(claims: ["jti": "j"]), method: "POST", url: Self.url, now: Self.now)
        let raw = maker.key.publicKey.rawRepresentation
        let header = """
            { "typ": "dpop+jwt", "alg": "ES256",
              "jwk": { "kty": "EC", "crv": "P-256", "x": "\(raw.prefix(32).base64URLEncodedString)", "y": "\(raw.suffix(32).base64URLEncodedString)" } }
            """
        let claims = #"{"jti":"j","htm":"POST","htu":"\#(Self.url)","iat":\#(Self.now.timeIntervalSince1970 + 0.25)}"#
        let input = Data(header.utf8).base64URLEncodedString + "." + Data(claims.utf8).base64URLEncodedString
        let spaced = input + "." + (try maker.key.signature(for: Data(input.utf8))).rawRepresentation.base64URLEncodedString
        let decoded = try verifier.verify(spaced, method: "POST", url: Self.url, now: Self.now)
        #expect(decoded == DPoPProof(thumbprint: compact.thumbprint, jti: "j", issuedAt: Self.now.addingTimeInterval(0.25), nonce: nil))
        expectMalformed(try maker.make(claims: ["iat": "1800000000"]))
        expectMalformed(try maker.make(claims: ["htu": 7]))
    }

    /// `htu` equal to the URL is compared byte for byte: the Kelvin sign (U+212A) is the same
    /// `String` as `K`, not the same URL.
    @Test func anHTUThatOnlyLooksEqualIsAnotherURL() throws {
        let url = "https://id.example/K/token"
        let proof = try ProofMaker().make(claims: ["htu": "https://id.example/\u{212A}/token"])
        #expect(throws: DPoPProofError.wrongURL) { try verifier.verify(proof, method: "POST", url: url, now: Self.now) }
    }

    /// RFC 9449 §4.3 refuses any private key material in the `jwk`: a `d` member at all, also
    /// `null` or repeated (the decoder keeps the first of repeated members).
    @Test func aPrivateKeyMemberIsRefusedInEveryForm() throws {
        let maker = ProofMaker()
        let raw = maker.key.publicKey.rawRepresentation
        let (x, y) = (raw.prefix(32).base64URLEncodedString, raw.suffix(32).base64URLEncodedString)
        for jwk in [#"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","d":null}"#,
                    #"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","d":null,"d":"AAAA"}"#,
                    #"{"kty":"EC","crv":"P-256","x":"\#(x)","y":"\#(y)","d":7}"#] {
            let header = #"{"typ":"dpop+jwt","alg":"ES256","jwk":\#(jwk)}"#
            let claims = #"{"jti":"j","htm":"POST","htu":"\#(Self.url)","iat":\#(Int(Self.now.timeIntervalSince1970))}"#
            let input = Data(header.utf8).base64URLEncodedString + "." + Data(claims.utf8).base64URLEncodedString
            let proof = input + "." + (try maker.key.signature(for: Data(input.utf8))).rawRepresentation.base64URLEncodedString
            #expect(throws: DPoPProofError.unusableKey("must not contain a private key"), "\(jwk)") {
                try verifier.verify(proof, method: "POST", url: Self.url, now: Self.now)
            }
        }
    }

    /// A compact JWS is exactly three parts: a fourth, before or after the signature, is refused
    /// (the signed input is the text before the last dot).
    @Test func aProofOfMoreOrFewerPartsIsMalformed() throws {
        let parts = try ProofMaker().make().split(separator: ".").map(String.init)
        for proof in [parts.joined(separator: ".") + ".x", [parts[0], parts[1], "x", parts[2]].joined(separator: "."),
                      [parts[0], "x", parts[1], parts[2]].joined(separator: "."), parts[0] + "." + parts[1], "." + parts[2]] {
            expectMalformed(proof)
        }
        #expect(throws: Never.self) { try verifier.verify(parts.joined(separator: "."), method: "POST", url: Self.url, now: Self.now) }
    }
}
