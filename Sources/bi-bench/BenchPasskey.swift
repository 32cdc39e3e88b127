import Crypto
import Foundation
import IdentityProtocol

/// A passkey the benchmark registered from an enrollment link, as a browser's platform
/// authenticator would (`none` attestation, user verified), that signs its sign-ins' challenges.
/// Its counter stays 0, as synced passkeys' do, so concurrent sign-ins with one passkey all pass.
struct BenchPasskey: Sendable {
    let key: P256.Signing.PrivateKey
    let credentialID: [UInt8]
    /// The user handle the passkey was created with: its identity's id.
    let userHandle: [UInt8]

    /// Registers passkey `index` in `realm`: an identity, a registration link, the options, and
    /// the new credential (four requests).
    static func register(_ index: Int, realm: BenchRealm, admin: AdminClient) throws -> BenchPasskey {
        let identity = try admin.post(
            AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID),
            IdentityInput(username: "web\(index)-\(UUID().uuidString.prefix(8).lowercased())", displayName: "Web user \(index)"),
            as: Identity.self)
        let job = try admin.post(
            AdminAPI.bindingJobs(tenant: realm.tenantID, realm: realm.realmID, identity: identity.id),
            BindingJobInput(kind: BindingJobKind.registration.rawValue, delivery: BindingJobDelivery.return.rawValue), as: BindingJob.self)
        guard let token = job.credentialBindingLink.flatMap(URLComponents.init(string:))?
            .queryItems?.first(where: { $0.name == DeviceURLParameter.bindingToken })?.value
        else { throw BenchError("the binding job has no link with a token") }
        let origin = [("Origin", realm.origin)]
        let options = try admin.connection.postJSON(PasskeyAPI.registrationOptions, ["binding_token": token], headers: origin)
            .decode(Options.self, what: "passkey registration options")
        let passkey = BenchPasskey(
            key: P256.Signing.PrivateKey(), credentialID: (0..<32).map { _ in UInt8.random(in: 0...255) }, userHandle: Array(identity.id.utf8))
        let clientData = passkey.clientData("webauthn.create", options.publicKey.challenge, origin: realm.origin)
        let authenticatorData = passkey.authenticatorData(rpID: options.publicKey.relyingPartyID, attested: true)
        let attestation = CBORWriter.map([
            (.text("fmt"), .text("none")), (.text("attStmt"), .map([])), (.text("authData"), .bytes(authenticatorData)),
        ])
        let credential = PasskeyRegistrationRequest.Credential(
            id: Data(passkey.credentialID).base64URLEncodedString,
            response: .init(clientDataJSON: Data(clientData).base64URLEncodedString, attestationObject: Data(attestation.encoded).base64URLEncodedString))
        try admin.connection.postJSON(
            PasskeyAPI.registration, PasskeyRegistrationRequest(bindingToken: token, ceremony: options.ceremony, credential: credential),
            headers: origin
        ).expect(201, what: "passkey registration")
        return passkey
    }

    /// What the browser sends for an assertion of `challenge` (base64url) for `rpID` at `origin`.
    func assertion(challenge: String, rpID: String, origin: String) throws -> PasskeySignInRequest.Credential {
        let clientData = clientData("webauthn.get", challenge, origin: origin)
        let authenticatorData = authenticatorData(rpID: rpID, attested: false)
        let signature = try key.signature(for: authenticatorData + Array(SHA256.hash(data: clientData))).derRepresentation
        return .init(id: Data(credentialID).base64URLEncodedString, response: .init(
            clientDataJSON: Data(clientData).base64URLEncodedString, authenticatorData: Data(authenticatorData).base64URLEncodedString,
            signature: signature.base64URLEncodedString, userHandle: Data(userHandle).base64URLEncodedString))
    }

    private func clientData(_ type: String, _ challenge: String, origin: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    /// The RP ID's hash, UP and UV (and AT with the credential), a zero counter.
    private func authenticatorData(rpID: String, attested: Bool) -> [UInt8] {
        var bytes = Array(SHA256.hash(data: Array(rpID.utf8))) + [attested ? 0x45 : 0x05, 0, 0, 0, 0]
        guard attested else { return bytes }
        let point = Array(key.publicKey.x963Representation)
        let coseKey = CBORWriter.map([
            (.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), .bytes(Array(point[1...32]))),
            (.int(-3), .bytes(Array(point[33...]))),
        ])
        bytes += [UInt8](repeating: 0, count: 16) + [0, UInt8(credentialID.count)] + credentialID + coseKey.encoded
        return bytes
    }

    /// The part of the options answers the benchmark reads.
    struct Options: Decodable {
        struct PublicKey: Decodable {
            struct RelyingParty: Decodable { let id: String }
            let challenge: String
            /// A registration's relying party.
            let rp: RelyingParty?
            /// A sign-in's RP ID.
            let rpId: String?

            var relyingPartyID: String { rpId ?? rp?.id ?? "" }
        }

        let ceremony: String
        let publicKey: PublicKey

        enum CodingKeys: String, CodingKey {
            case ceremony
            case publicKey = "public_key"
        }
    }
}
