import Crypto
import Foundation
import Testing
import WebAuthn
import _CryptoExtras

/// Registrations and assertions from a software authenticator: what the relying party accepts,
/// and the exact refusal of each thing WebAuthn §7.1 and §7.2 tell it to check.
@Suite struct RelyingPartyTests {
    static let party = RelyingParty(id: "id.example.com", origins: ["https://id.example.com"])
    static func challenge() -> [UInt8] { (0..<32).map { _ in UInt8.random(in: 0...255) } }

    static func register(
        _ authenticator: SoftwareAuthenticator, _ attestation: SoftwareAuthenticator.Attestation = .none, party: RelyingParty = party
    ) async throws -> RegisteredCredential {
        let challenge = challenge()
        let response = authenticator.register(challenge, attestation: attestation)
        return try await party.verifyRegistration(
            clientDataJSON: response.clientDataJSON, attestationObject: response.attestationObject, challenge: challenge)
    }

    static func assert(
        _ authenticator: inout SoftwareAuthenticator, _ credential: RegisteredCredential, stored: UInt32? = nil,
        party: RelyingParty = party
    ) throws -> VerifiedAssertion {
        let challenge = challenge()
        let response = authenticator.assert(challenge)
        return try party.verifyAssertion(
            clientDataJSON: response.clientDataJSON, authenticatorData: response.authenticatorData, signature: response.signature,
            challenge: challenge, publicKeyBytes: credential.publicKeyBytes, storedSignCount: stored ?? credential.signCount,
                backupEligible: credential.flags.contains(.backupEligible))
    }

    @Test(arguments: ["es256", "eddsa", "rs256"])
    func registersAndSignsInWithEachAlgorithm(algorithm: String) async throws {
        var authenticator = SoftwareAuthenticator(
            algorithm == "es256" ? .p256(P256.Signing.PrivateKey())
                : algorithm == "eddsa" ? .ed25519(Curve25519.Signing.PrivateKey()) : .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048)))
        let credential = try await Self.register(authenticator, .packedSelf)
        #expect(credential.id == authenticator.credentialID && credential.algorithm == authenticator.algorithm)
        #expect(credential.attestation == AttestationResult(format: .packed, kind: .self, trusted: false))
        let first = try Self.assert(&authenticator, credential)
        #expect(first.signCount == 1 && first.flags.contains(.userVerified))
        let second = try Self.assert(&authenticator, credential, stored: first.signCount)
        #expect(second.signCount == 2)
    }

    @Test func noneAttestationSaysNothingOfTheModel() async throws {
        var authenticator = SoftwareAuthenticator()
        authenticator.flags = [.userPresent, .userVerified, .backupEligible, .backedUp]
        let credential = try await Self.register(authenticator)
        #expect(credential.attestation == AttestationResult(format: .none, kind: .none, trusted: false))
        #expect(credential.flags.isSuperset(of: [.backupEligible, .backedUp]))
    }

    @Test func packedCertificateAttestationIsTrustedOnlyUnderAConfiguredRoot() async throws {
        var authenticator = SoftwareAuthenticator()
        authenticator.aaguid = Array(repeating: 0xA1, count: 16)
        let authority = try AttestationAuthority()
        let (certificate, key) = try authority.attestationCertificate(aaguid: authenticator.aaguid)
        let attestation = SoftwareAuthenticator.Attestation.packedCertificate(certificate, key, intermediates: [])
        #expect(try await Self.register(authenticator, attestation).attestation == AttestationResult(format: .packed, kind: .basic, trusted: false))

        var party = Self.party
        party.attestation.trustedRoots = [authority.root]
        party.attestation.allowedAAGUIDs = [authenticator.aaguid]
        #expect(try await Self.register(authenticator, attestation, party: party).attestation.trusted)

        party.attestation.trustedRoots = [try AttestationAuthority(name: "Another Root").root]
        await #expect(throws: WebAuthnError.attestationNotTrusted("no trusted root")) {
            try await Self.register(authenticator, attestation, party: party)
        }
        party.attestation.trustedRoots = [authority.root]
        party.attestation.allowedAAGUIDs = [Array(repeating: 0xB2, count: 16)]
        await #expect(throws: WebAuthnError.attestationNotTrusted("authenticator model not allowed")) {
            try await Self.register(authenticator, attestation, party: party)
        }
        // Self attestation proves no model, so an allow-list refuses it.
        await #expect(throws: WebAuthnError.attestationNotTrusted("no trusted root")) {
            try await Self.register(authenticator, .packedSelf, party: party)
        }
    }

    @Test func packedCertificatesMustBeWhatTheSpecificationSays() async throws {
        var authenticator = SoftwareAuthenticator()
        authenticator.aaguid = Array(repeating: 0xA1, count: 16)
        let authority = try AttestationAuthority()
        let (otherUnit, otherUnitKey) = try authority.attestationCertificate(aaguid: nil, unit: "Marketing")
        await #expect(throws: WebAuthnError.attestationInvalid("certificate subject lacks C, O, OU=Authenticator Attestation or CN")) {
            try await Self.register(authenticator, .packedCertificate(otherUnit, otherUnitKey, intermediates: []))
        }
        let (otherModel, otherModelKey) = try authority.attestationCertificate(aaguid: Array(repeating: 0xB2, count: 16))
        await #expect(throws: WebAuthnError.attestationInvalid("certificate's AAGUID is not the authenticator data's")) {
            try await Self.register(authenticator, .packedCertificate(otherModel, otherModelKey, intermediates: []))
        }
        let (certificate, _) = try authority.attestationCertificate(aaguid: authenticator.aaguid)
        await #expect(throws: WebAuthnError.attestationInvalid("packed signature does not verify with the certificate")) {
            try await Self.register(authenticator, .packedCertificate(certificate, P256.Signing.PrivateKey(), intermediates: []))
        }
    }

    @Test func anAlgorithmNoLongerAcceptedRetiresItsPasskeys() async throws {
        var authenticator = SoftwareAuthenticator(.ed25519(Curve25519.Signing.PrivateKey()))
        let credential = try await Self.register(authenticator)
        var es256Only = Self.party
        es256Only.algorithms = [.es256]
        #expect(throws: WebAuthnError.unsupportedAlgorithm(-8)) { try Self.assert(&authenticator, credential, party: es256Only) }
        #expect(try Self.assert(&authenticator, credential).signCount == 2)
    }

    @Test func fidoU2FAttestationVerifies() async throws {
        let authenticator = SoftwareAuthenticator()
        let (certificate, key) = try AttestationAuthority().attestationCertificate(aaguid: nil)
        let credential = try await Self.register(authenticator, .fidoU2F(certificate, key))
        #expect(credential.attestation == AttestationResult(format: .fidoU2F, kind: .basic, trusted: false))
        await #expect(throws: WebAuthnError.attestationInvalid("fido-u2f signature does not verify with the certificate")) {
            try await Self.register(authenticator, .fidoU2F(certificate, P256.Signing.PrivateKey()))
        }
        let edwards = SoftwareAuthenticator(.ed25519(Curve25519.Signing.PrivateKey()))
        await #expect(throws: WebAuthnError.attestationInvalid("fido-u2f credential key is not P-256")) {
            try await Self.register(edwards, .fidoU2F(certificate, key))
        }
    }

    /// fido-u2f's signature does not cover the authenticator data's AAGUID: a chain to a trusted
    /// root vouches for the vendor, never for a model an allow-list names, and a U2F
    /// registration naming a model is refused outright.
    @Test func aU2FChainProvesNoModel() async throws {
        let authority = try AttestationAuthority()
        let (certificate, key) = try authority.attestationCertificate(aaguid: nil)
        var trusting = Self.party
        trusting.attestation = AttestationPolicy(trustedRoots: [authority.root])
        let vendor = try await Self.register(SoftwareAuthenticator(), .fidoU2F(certificate, key), party: trusting)
        #expect(vendor.attestation == AttestationResult(format: .fidoU2F, kind: .basic, trusted: true))
        let approved = [UInt8](repeating: 0xA1, count: 16)
        var allowing = trusting
        allowing.attestation.allowedAAGUIDs = [approved, [UInt8](repeating: 0, count: 16)]
        await #expect(throws: WebAuthnError.attestationNotTrusted("authenticator model not allowed")) {
            try await Self.register(SoftwareAuthenticator(), .fidoU2F(certificate, key), party: allowing)
        }
        var forged = SoftwareAuthenticator()
        forged.aaguid = approved
        await #expect(throws: WebAuthnError.attestationInvalid("fido-u2f AAGUID is not zero")) {
            try await Self.register(forged, .fidoU2F(certificate, key), party: allowing)
        }
        // A packed chain to the same root proves the model its signed authenticator data names.
        let (packed, packedKey) = try authority.attestationCertificate(aaguid: approved)
        let model = try await Self.register(forged, .packedCertificate(packed, packedKey, intermediates: []), party: allowing)
        #expect(model.aaguid == approved && model.attestation.trusted)
    }

    @Test func registrationRefusals() async throws {
        let authenticator = SoftwareAuthenticator()
        var otherPort = authenticator
        otherPort.origin = "https://id.example.com:8443"
        await #expect(throws: WebAuthnError.originNotAllowed("https://id.example.com:8443")) { try await Self.register(otherPort) }
        var framed = authenticator
        framed.crossOrigin = true
        await #expect(throws: WebAuthnError.crossOrigin) { try await Self.register(framed) }
        var otherRP = authenticator
        otherRP.rpID = "example.com"
        await #expect(throws: WebAuthnError.rpIDMismatch) { try await Self.register(otherRP) }
        var absent = authenticator
        absent.flags = [.userVerified]
        await #expect(throws: WebAuthnError.userNotPresent) { try await Self.register(absent) }
        var unverified = authenticator
        unverified.flags = [.userPresent]
        await #expect(throws: WebAuthnError.userNotVerified) { try await Self.register(unverified) }
        var lenient = Self.party
        lenient.userVerification = .preferred
        #expect(try await Self.register(unverified, party: lenient).flags == [.userPresent, .attestedCredentialData])
        var backedUpOnly = authenticator
        backedUpOnly.flags = [.userPresent, .userVerified, .backedUp]
        await #expect(throws: WebAuthnError.inconsistentBackupFlags) { try await Self.register(backedUpOnly) }

        var es256Only = Self.party
        es256Only.algorithms = [.es256]
        await #expect(throws: WebAuthnError.unsupportedAlgorithm(-8)) {
            try await Self.register(SoftwareAuthenticator(.ed25519(Curve25519.Signing.PrivateKey())), party: es256Only)
        }
        var noneOnly = Self.party
        noneOnly.attestation.formats = [.none]
        await #expect(throws: WebAuthnError.unsupportedAttestationFormat("packed")) {
            try await Self.register(authenticator, .packedSelf, party: noneOnly)
        }

        let challenge = Self.challenge()
        let response = authenticator.register(challenge)
        await #expect(throws: WebAuthnError.challengeMismatch) {
            try await Self.party.verifyRegistration(
                clientDataJSON: response.clientDataJSON, attestationObject: response.attestationObject, challenge: Self.challenge())
        }
        let assertionData = authenticator.clientData("webauthn.get", challenge)
        await #expect(throws: WebAuthnError.wrongType("webauthn.get")) {
            try await Self.party.verifyRegistration(
                clientDataJSON: assertionData, attestationObject: response.attestationObject, challenge: challenge)
        }
        await #expect(throws: WebAuthnError.malformed("attestation object: 1 bytes follow the CBOR item")) {
            try await Self.party.verifyRegistration(
                clientDataJSON: response.clientDataJSON, attestationObject: response.attestationObject + [0], challenge: challenge)
        }
        await #expect(throws: WebAuthnError.malformed("client data is not the JSON WebAuthn defines")) {
            try await Self.party.verifyRegistration(
                clientDataJSON: Array("{\"type\":1}".utf8), attestationObject: response.attestationObject, challenge: challenge)
        }
    }

    @Test func assertionRefusals() async throws {
        var authenticator = SoftwareAuthenticator()
        let credential = try await Self.register(authenticator)
        _ = try Self.assert(&authenticator, credential)

        // A count that does not go up, on an authenticator that counts.
        #expect(throws: WebAuthnError.signCountNotIncreasing(stored: 5, received: 2)) {
            try Self.assert(&authenticator, credential, stored: 5)
        }
        // Authenticators that never count (always zero) are accepted.
        var uncounting = authenticator
        uncounting.signCount = UInt32.max  // wraps to 0 at the next assertion
        #expect(try Self.assert(&uncounting, credential, stored: 0).signCount == 0)

        // Another key's signature, or authenticator data changed after signing.
        let thief = SoftwareAuthenticator()
        let stolen = try await Self.register(thief)
        #expect(throws: WebAuthnError.invalidSignature) { try Self.assert(&authenticator, stolen, stored: 0) }
        let challenge = Self.challenge()
        var response = authenticator.assert(challenge)
        response.authenticatorData[36] ^= 1  // the counter's last byte
        #expect(throws: WebAuthnError.invalidSignature) {
            try Self.party.verifyAssertion(
                clientDataJSON: response.clientDataJSON, authenticatorData: response.authenticatorData, signature: response.signature,
                challenge: challenge, publicKeyBytes: credential.publicKeyBytes, storedSignCount: 0,
                backupEligible: credential.flags.contains(.backupEligible))
        }
        #expect(throws: WebAuthnError.malformed("1 bytes follow the authenticator data")) {
            try Self.party.verifyAssertion(
                clientDataJSON: response.clientDataJSON, authenticatorData: response.authenticatorData + [0], signature: response.signature,
                challenge: challenge, publicKeyBytes: credential.publicKeyBytes, storedSignCount: 0,
                backupEligible: credential.flags.contains(.backupEligible))
        }
        var unverified = authenticator
        unverified.flags = [.userPresent]
        #expect(throws: WebAuthnError.userNotVerified) { try Self.assert(&unverified, credential, stored: 0) }
        let registrationData = authenticator.clientData("webauthn.create", challenge)
        #expect(throws: WebAuthnError.wrongType("webauthn.create")) {
            try Self.party.verifyAssertion(
                clientDataJSON: registrationData, authenticatorData: response.authenticatorData, signature: response.signature,
                challenge: challenge, publicKeyBytes: credential.publicKeyBytes, storedSignCount: 0,
                backupEligible: credential.flags.contains(.backupEligible))
        }
    }
}

/// What the review of the verifier found, each pinned.
@Suite struct RelyingPartyHardeningTests {
    /// An Ed25519 key of small order would let a signature of zeros verify: such keys, and
    /// encodings of y at or above p, are refused.
    @Test(arguments: [
        "0100000000000000000000000000000000000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000080",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
        "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ])
    func smallOrderAndNonCanonicalEd25519KeysAreRefused(hex: String) {
        let x = CBORDecoderTests.hex(hex)
        let key: CBOR = .map([(.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), .bytes(x))])
        #expect(throws: WebAuthnError.malformed("EdDSA key is a point of small order or not canonical")) { try COSEKey(key) }
    }

    /// The backup-eligible flag is fixed at registration: an assertion that changes it is refused.
    @Test func backupEligibilityCannotChange() async throws {
        var authenticator = SoftwareAuthenticator()
        let credential = try await RelyingPartyTests.register(authenticator)
        authenticator.flags = [.userPresent, .userVerified, .backupEligible, .backedUp]
        let challenge = RelyingPartyTests.challenge()
        let response = authenticator.assert(challenge)
        #expect(throws: WebAuthnError.backupEligibilityChanged) {
            try RelyingPartyTests.party.verifyAssertion(
                clientDataJSON: response.clientDataJSON, authenticatorData: response.authenticatorData, signature: response.signature,
                challenge: challenge, publicKeyBytes: credential.publicKeyBytes, storedSignCount: 0, backupEligible: false)
        }
    }

    /// An allow-list of models needs a trusted chain: a certificate anyone can make naming an
    /// allowed AAGUID is not proof.
    @Test func anAAGUIDAllowListNeedsATrustedChain() async throws {
        var authenticator = SoftwareAuthenticator()
        authenticator.aaguid = Array(repeating: 0xA1, count: 16)
        let (certificate, key) = try AttestationAuthority(name: "Anyone's Root").attestationCertificate(aaguid: authenticator.aaguid)
        var party = RelyingPartyTests.party
        party.attestation.allowedAAGUIDs = [authenticator.aaguid]
        await #expect(throws: WebAuthnError.attestationNotTrusted("authenticator model not allowed")) {
            try await RelyingPartyTests.register(authenticator, .packedCertificate(certificate, key, intermediates: []), party: party)
        }
    }
}
