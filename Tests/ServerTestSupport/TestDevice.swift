package import Crypto
package import Foundation
import IdentityProtocol
import SwiftASN1
import Testing
import X509

/// A device made by hand: its own P-256 key, a CSR, and the chain the server returns.
/// It speaks the device API directly, without the SDK.
package struct TestDevice: Sendable {
    package let key: P256.Signing.PrivateKey
    package var credentialID = ""
    package var chain: [String] = []

    package init(key: P256.Signing.PrivateKey = P256.Signing.PrivateKey()) {
        self.key = key
    }

    /// A PEM PKCS#10 request signed by `signer` for `publicKey` (normally both this device's).
    package static func csr(for key: P256.Signing.PrivateKey) throws -> String {
        let request = try CertificateSigningRequest(
            version: .v1, subject: try DistinguishedName { CommonName("device") },
            privateKey: Certificate.PrivateKey(key), attributes: CertificateSigningRequest.Attributes(),
            signatureAlgorithm: .ecdsaWithSHA256)
        return try request.serializeAsPEM().pemString
    }

    /// Follows the enrollment link, posts token and CSR, keeps the credential.
    package mutating func enroll(link: String, server: any TestServer) async throws -> HTTPTestClient.Reply {
        let client = server.client()
        let redirect = try await client.send("GET", link)
        #expect(redirect.status == 302)
        return try await register(token: try #require(HTTPTestClient.queryItem("token", in: redirect.location)), server: server)
    }

    /// Posts the binding token and CSR, keeps the credential (the app's part of an enrollment link
    /// whose page the browser showed).
    package mutating func register(token: String, server: any TestServer) async throws -> HTTPTestClient.Reply {
        let reply = try await bind(token: token, server: server)
        if reply.status == 201 {
            credentialID = try #require((reply.json["credential"] as? [String: Any])?["id"] as? String)
            chain = try #require(reply.json["certificate_chain"] as? [String])
        }
        return reply
    }

    /// `POST /v1/device/credentials`.
    package func bind(token: String, csr: String? = nil, server: any TestServer) async throws -> HTTPTestClient.Reply {
        try await server.client().send(
            "POST", DeviceAPI.bindCredential, json: ["binding_token": token, "csr": try csr ?? Self.csr(for: key)])
    }

    /// Answers the transaction in an invoke URL; `signer` defaults to this device's key; `amr`
    /// is what the device reports of its key (nothing unless given).
    package func authenticate(
        invokeURL: String, server: any TestServer, signer: P256.Signing.PrivateKey? = nil, chain: [String]? = nil,
        amr: [String]? = nil
    ) async throws -> HTTPTestClient.Reply {
        let client = server.client()
        let transaction = try #require(HTTPTestClient.queryItem("transaction", in: invokeURL))
        let challenge = try await client.send("POST", DeviceAPI.authenticationChallenge, json: ["transaction": transaction])
        guard challenge.status == 200 else { return challenge }
        let message = SignedMessage.authentication(
            transaction: transaction, challenge: try #require(challenge.json["challenge"] as? String),
            issuer: try #require(challenge.json["issuer"] as? String), credentialID: credentialID)
        let signature = try (signer ?? key).signature(for: message).derRepresentation.base64URLEncodedString
        var assertion: [String: Any] = [
            "transaction": transaction, "credential_id": credentialID, "certificate_chain": chain ?? self.chain, "signature": signature,
        ]
        assertion["amr"] = amr
        return try await client.send("POST", DeviceAPI.authenticate, json: assertion)
    }

    /// `POST /v1/device/credentials/revoke`, signed by this device's key.
    package func revoke(server: any TestServer, issuedAt: Date = Date()) async throws -> HTTPTestClient.Reply {
        try await server.client().send(
            "POST", DeviceAPI.revokeCredential, json: try signedRequest(issuedAt: issuedAt, SignedMessage.revocation))
    }

    /// The body of a request this credential signs about itself, with a fresh request id
    /// (`nil`: as a client before v2 signs, without one).
    package func signedRequest(
        issuedAt: Date, requestID: String? = UUID().uuidString,
        _ message: (String, Int64, String?) -> Data
    ) throws -> [String: Any] {
        let seconds = Int64(issuedAt.timeIntervalSince1970)
        let signature = try key.signature(for: message(credentialID, seconds, requestID))
        var body: [String: Any] = [
            "credential_id": credentialID, "issued_at": seconds, "signature": signature.derRepresentation.base64URLEncodedString,
        ]
        body["request_id"] = requestID
        return body
    }
}
