import Foundation
import IdentityProtocol
import Testing
import WebAuthn

/// Registrations and assertions headless Chromium's virtual authenticators produced
/// (`Scripts/webauthn-vectors`: platform and security-key passkeys, packed, none and fido-u2f
/// attestation, ES256, EdDSA and RS256, with and without user verification, synced), each
/// verified when it was made by py_webauthn: ours must accept every one and read the same
/// format, model, key and counters.
@Suite struct ChromiumVectorTests {
    struct File: Decodable {
        let origin: String
        let rp_id: String
        let vectors: [Vector]
    }

    struct Vector: Decodable, CustomTestStringConvertible {
        let name: String
        let registration: Registration
        let registration_verified: RegistrationVerified?
        let assertions: [Assertion]?
        var testDescription: String { name }
    }

    struct Registration: Decodable {
        let challenge: String
        let user_verification: String
        let client_data_json: String?
        let attestation_object: String?
    }

    struct RegistrationVerified: Decodable {
        let fmt: String
        let aaguid: String
        let credential_id: String
        let credential_public_key: String
        let sign_count: UInt32
        let credential_backed_up: Bool
        let user_verified: Bool
    }

    struct Assertion: Decodable {
        let challenge: String
        let client_data_json: String
        let authenticator_data: String
        let signature: String
        let verified: AssertionVerified
    }

    struct AssertionVerified: Decodable {
        let new_sign_count: UInt32
        let user_verified: Bool
        let credential_backed_up: Bool
    }

    static let file: File = {
        let url = Bundle.module.url(forResource: "Vectors/chromium", withExtension: "json")!
        return try! JSONDecoder().decode(File.self, from: Data(contentsOf: url))
    }()

    static func bytes(_ text: String) -> [UInt8] { Array(Data(base64URLEncoded: text)!) }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static var verified: [Vector] { file.vectors.filter { $0.registration_verified != nil } }

    @Test func theFileHoldsEveryKindOfVector() {
        #expect(Set(Self.verified.compactMap { $0.registration_verified?.fmt }) == ["none", "packed", "fido-u2f"])
        #expect(Self.verified.count >= 8)
    }

    @Test(arguments: verified)
    func acceptsWhatPyWebAuthnAccepted(vector: Vector) async throws {
        let expected = try #require(vector.registration_verified)
        let party = RelyingParty(
            id: Self.file.rp_id, origins: [Self.file.origin],
            userVerification: UserVerificationRequirement(rawValue: vector.registration.user_verification) ?? .required)
        let credential = try await party.verifyRegistration(
            clientDataJSON: Self.bytes(try #require(vector.registration.client_data_json)),
            attestationObject: Self.bytes(try #require(vector.registration.attestation_object)),
            challenge: Self.bytes(vector.registration.challenge))
        #expect(credential.attestation.format.rawValue == expected.fmt)
        #expect(Self.hex(credential.aaguid) == expected.aaguid.replacingOccurrences(of: "-", with: ""))
        #expect(credential.id == Self.bytes(expected.credential_id))
        #expect(credential.publicKeyBytes == Self.bytes(expected.credential_public_key))
        #expect(credential.signCount == expected.sign_count)
        #expect(credential.flags.contains(.backedUp) == expected.credential_backed_up)
        #expect(credential.flags.contains(.userVerified) == expected.user_verified)

        var stored = credential.signCount
        for assertion in vector.assertions ?? [] {
            let result = try party.verifyAssertion(
                clientDataJSON: Self.bytes(assertion.client_data_json), authenticatorData: Self.bytes(assertion.authenticator_data),
                signature: Self.bytes(assertion.signature), challenge: Self.bytes(assertion.challenge),
                publicKeyBytes: credential.publicKeyBytes, storedSignCount: stored,
                backupEligible: credential.flags.contains(.backupEligible))
            #expect(result.signCount == assertion.verified.new_sign_count)
            #expect(result.flags.contains(.userVerified) == assertion.verified.user_verified)
            #expect(result.flags.contains(.backedUp) == assertion.verified.credential_backed_up)
            stored = result.signCount
        }
        // Replaying the last assertion: its counter no longer exceeds the stored one.
        if let last = vector.assertions?.last {
            #expect(throws: WebAuthnError.signCountNotIncreasing(stored: stored, received: stored)) {
                try party.verifyAssertion(
                    clientDataJSON: Self.bytes(last.client_data_json), authenticatorData: Self.bytes(last.authenticator_data),
                    signature: Self.bytes(last.signature), challenge: Self.bytes(last.challenge),
                    publicKeyBytes: credential.publicKeyBytes, storedSignCount: stored,
                backupEligible: credential.flags.contains(.backupEligible))
            }
        }
    }

    /// The same responses from a page on another port, or for another RP ID, are refused.
    @Test func anotherOriginOrRPIDIsRefused() async throws {
        let vector = try #require(Self.verified.first)
        let registration = vector.registration
        let otherPort = RelyingParty(id: Self.file.rp_id, origins: ["http://localhost:1"])
        await #expect(throws: WebAuthnError.originNotAllowed(Self.file.origin)) {
            try await otherPort.verifyRegistration(
                clientDataJSON: Self.bytes(registration.client_data_json!), attestationObject: Self.bytes(registration.attestation_object!),
                challenge: Self.bytes(registration.challenge))
        }
        let otherRP = RelyingParty(id: "example.com", origins: [Self.file.origin])
        await #expect(throws: WebAuthnError.rpIDMismatch) {
            try await otherRP.verifyRegistration(
                clientDataJSON: Self.bytes(registration.client_data_json!), attestationObject: Self.bytes(registration.attestation_object!),
                challenge: Self.bytes(registration.challenge))
        }
    }
}
