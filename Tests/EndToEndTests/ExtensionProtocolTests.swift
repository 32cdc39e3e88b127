import BeyondIdentityEmbedded
import Crypto
import DeviceSignIn
import Foundation
import IdentityProtocol
import IdentityServer
import SwiftASN1
import Testing
import X509
import IdentityServerCore
import ServerTestSupport

/// Extension failures that need a holder the SDK would never be: one that goes away, one that
/// endorses the wrong key. Device A speaks the device API by hand; device B is the SDK. The
/// server's clock is a ``TestClock``, so expiry needs no waiting.
@Suite struct ExtensionProtocolTests {
    private func withHolder(
        _ body: @escaping @Sendable (RunningServer, TestRealm, TestDevice, TestClock) async throws -> Void
    ) async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(configure: { $0.now = clock.now }) { server, realm in
            var holder = TestDevice()
            let enrolled = try await holder.enroll(link: try await realm.enrollmentLink(), server: server)
            #expect(enrolled.status == 201)
            try await body(server, realm, holder, clock)
        }
    }

    @Test func anExpiredCodeOrAHolderThatHasGoneAwayIsRefused() async throws {
        try await withHolder { server, realm, holder, clock in
            let b = TestApp(server: server, application: realm.publicClient)
            let expiring = try await holder.openExtension(server: server, issuedAt: clock.now())
            clock.advance(by: 91)
            #expect(await b.importing(CredentialToken(value: expiring.code)) == .failure(.extensionFailed(.codeExpired)))

            let abandoned = try await holder.openExtension(server: server, issuedAt: clock.now())
            clock.advance(by: 61)  // the code still has 29 s, but A has not polled for a minute
            #expect(await b.importing(CredentialToken(value: abandoned.code)) == .failure(.extensionFailed(.otherDeviceGone)))
            let status = try await abandoned.status()
            #expect(status.json["state"] as? String == "failed")
            #expect((status.json["failure"] as? [String: Any])?["error"] as? String == "extension_abandoned")
            #expect(b.storedFiles.isEmpty)
        }
    }

    @Test func aClaimTheHolderNeverEndorsesFailsOnBothSides() async throws {
        try await withHolder { server, realm, holder, clock in
            let b = TestApp(server: server, application: realm.publicClient)
            let session = try await holder.openExtension(server: server, issuedAt: clock.now())
            let claim = Task { await b.importing(CredentialToken(value: session.code)) }
            _ = try await session.waitFor("claimed")
            clock.advance(by: 61)
            #expect(await claim.value == .failure(.extensionFailed(.otherDeviceGone)))
            #expect(b.storedFiles.isEmpty)
            let late = try await session.endorse(Data("anything".utf8), with: holder.key, chain: holder.chain)
            #expect(late.status == 409)
            #expect(late.error == "extension_abandoned")
        }
    }

    @Test func anEndorsementOfAnotherKeyIsRejectedOnBothSides() async throws {
        try await withHolder { server, realm, holder, clock in
            let b = TestApp(server: server, application: realm.publicClient)
            let session = try await holder.openExtension(server: server, issuedAt: clock.now())
            let claim = Task { await b.importing(CredentialToken(value: session.code)) }
            let claimed = try await session.waitFor("claimed")
            let encodedDraft = try #require(claimed["certificate_draft"] as? String)
            let draftDER = try #require(Data(base64URLEncoded: encodedDraft))
            let draft = try Certificate(derEncoded: Array(draftDER))
            // Drafted as the realm's CA will issue it, not as A would.
            #expect(draft.issuer == (try Certificate(pemEncoded: try #require(holder.chain.last))).subject)

            // A certificate like the draft, for a key that is not B's, signed by A.
            let substitute = try Certificate(
                version: .v3, serialNumber: draft.serialNumber,
                publicKey: Certificate.PublicKey(P256.Signing.PrivateKey().publicKey),
                notValidBefore: draft.notValidBefore, notValidAfter: draft.notValidAfter,
                issuer: draft.issuer, subject: draft.subject, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: draft.extensions, issuerPrivateKey: Certificate.PrivateKey(holder.key))
            let rejected = try await session.endorse(Data(substitute.tbsCertificateBytes), with: holder.key, chain: holder.chain)
            #expect(rejected.status == 401)
            #expect(rejected.error == "invalid_endorsement")
            #expect(await claim.value == .failure(.extensionFailed(.endorsementRejected)))
            #expect(b.storedFiles.isEmpty)
            let listed = try await server.admin.send("GET", "\(realm.identityPath)/credentials")
            #expect((listed.json["items"] as? [Any])?.count == 1)
        }
    }

    @Test func anIdentitySuspendedBeforeTheEndorsementFailsBothSidesAtOnce() async throws {
        try await withHolder { server, realm, holder, clock in
            let b = TestApp(server: server, application: realm.publicClient)
            let session = try await holder.openExtension(server: server, issuedAt: clock.now())
            let claim = Task { await b.importing(CredentialToken(value: session.code)) }
            let claimed = try await session.waitFor("claimed")
            _ = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "suspended"])

            let encodedDraft = try #require(claimed["certificate_draft"] as? String)
            let draft = try #require(Data(base64URLEncoded: encodedDraft))
            let tbs = try Certificate(derEncoded: Array(draft)).tbsCertificateBytes
            let refused = try await session.endorse(Data(tbs), with: holder.key, chain: holder.chain)
            #expect(refused.status == 403)
            #expect(refused.error == "identity_inactive")
            // B hears the reason now, not after the holder timeout (the clock does not move).
            guard case .failure(.identityInactive) = await claim.value else {
                Issue.record("B should fail with identity_inactive, got \(await claim.value)")
                return
            }
            #expect(b.storedFiles.isEmpty)
        }
    }

    @Test func aClaimantThatGivesUpWithdrawsItsClaim() async throws {
        try await withHolder { server, realm, holder, clock in
            let session = try await holder.openExtension(server: server, issuedAt: clock.now())
            let claim = try await TestDevice().claimExtension(code: session.code, server: server)
            let withdrawn = try await claim.cancel()
            #expect(withdrawn.status == 200)
            #expect(withdrawn.json["state"] as? String == "cancelled")
            let late = try await session.endorse(Data("anything".utf8), with: holder.key, chain: holder.chain)
            #expect(late.error == "extension_cancelled")
            let listed = try await server.admin.send("GET", "\(realm.identityPath)/credentials")
            #expect((listed.json["items"] as? [Any])?.count == 1)
        }
    }

    @Test func aClaimantWithdrawingTooLateLearnsItsCredentialToRevokeIt() async throws {
        try await withHolder { server, realm, holder, clock in
            let session = try await holder.openExtension(server: server, issuedAt: clock.now())
            var b = TestDevice()
            let claim = try await b.claimExtension(code: session.code, server: server)
            let encodedDraft = try #require(try await session.waitFor("claimed")["certificate_draft"] as? String)
            let draft = try Certificate(derEncoded: Array(try #require(Data(base64URLEncoded: encodedDraft))))
            #expect(try await session.endorse(Data(draft.tbsCertificateBytes), with: holder.key, chain: holder.chain).status == 200)

            let withdrawn = try await claim.cancel()
            #expect(withdrawn.json["state"] as? String == "complete")
            let issued = try #require(withdrawn.json["credential"] as? [String: Any])
            b.credentialID = try #require((issued["credential"] as? [String: Any])?["id"] as? String)
            #expect(try await b.revoke(server: server, issuedAt: clock.now()).status == 200)
            let onServer = try await server.admin.send("GET", "\(realm.identityPath)/credentials/\(b.credentialID)")
            #expect(onServer.json["state"] as? String == "revoked")
        }
    }

    @Test func behindATrustedProxyClaimsAreLimitedPerForwardedClient() async throws {
        let frozen = Date()  // so all attempts fall in one minute's window, however slow the machine
        try await RunningServer.withRealm(configure: {
            $0.now = { frozen }
            $0.credentialExtension.claimsPerAddressPerMinute = 2
            $0.trustedProxies = [IPNetwork("127.0.0.1")!]
        }) { server, _ in
            let client = server.client()
            let csr = try TestDevice.csr(for: P256.Signing.PrivateKey())
            func claim(from address: String) async throws -> HTTPTestClient.Reply {
                try await client.send(
                    "POST", DeviceAPI.claimExtension, json: ["code": "000000000", "csr": csr],
                    headers: ["X-Forwarded-For": address])
            }
            let first = [try await claim(from: "198.51.100.1"), try await claim(from: "198.51.100.1")]
            #expect(first.map(\.error) == ["invalid_extension_code", "invalid_extension_code"])
            let third = try await claim(from: "198.51.100.1")
            #expect(third.status == 429)
            #expect(third.error == "rate_limited")
            #expect(try await claim(from: "198.51.100.2").error == "invalid_extension_code")
        }
    }

    @Test func openingASecondSessionCancelsTheFirst() async throws {
        try await withHolder { server, realm, holder, clock in
            let b = TestApp(server: server, application: realm.publicClient)
            let first = try await holder.openExtension(server: server, issuedAt: clock.now())
            let second = try await holder.openExtension(server: server, issuedAt: clock.now())
            #expect(try await first.status().json["state"] as? String == "cancelled")
            #expect(await b.importing(CredentialToken(value: first.code)) == .failure(.extensionFailed(.cancelled)))
            #expect(try await second.status().json["state"] as? String == "open")
        }
    }

    /// A captured signed request cannot be sent again (issue 14 #5): not an "open extension"
    /// (which would cancel the holder's live session), not a revocation, with or without a
    /// request id.
    @Test func signedRequestsAreAcceptedOnce() async throws {
        try await withHolder { server, _, holder, clock in
            for requestID in [UUID().uuidString, nil] {
                let captured = try holder.signedRequest(issuedAt: clock.now(), requestID: requestID, SignedMessage.extension)
                let first = try await server.client().send("POST", DeviceAPI.openExtension, json: captured)
                #expect(first.status == 201)
                let replayed = try await server.client().send("POST", DeviceAPI.openExtension, json: captured)
                #expect(replayed.status == 401 && replayed.error == "replayed_request", "\(replayed.json)")
                let session = RawExtensionSession(
                    server: server, sessionID: try #require(first.json["session_id"] as? String),
                    secret: try #require(first.json["secret"] as? String), code: "")
                #expect(try await session.status().json["state"] as? String == "open")
            }
            // The request id is signed: a new one on a captured signature does not verify.
            var altered = try holder.signedRequest(issuedAt: clock.now(), SignedMessage.extension)
            altered["request_id"] = UUID().uuidString
            #expect(try await server.client().send("POST", DeviceAPI.openExtension, json: altered).error == "invalid_signature")

            let revocation = try holder.signedRequest(issuedAt: clock.now(), SignedMessage.revocation)
            #expect(try await server.client().send("POST", DeviceAPI.revokeCredential, json: revocation).status == 200)
            #expect(try await server.client().send("POST", DeviceAPI.revokeCredential, json: revocation).error == "replayed_request")
        }
    }

    @Test func badSessionSecretsAndWrongChainsAreRefused() async throws {
        try await withHolder { server, realm, holder, clock in
            let session = try await holder.openExtension(server: server, issuedAt: clock.now())
            let forged = RawExtensionSession(server: server, sessionID: session.sessionID, secret: "guess", code: session.code)
            let status = try await forged.status()
            #expect(status.status == 401)
            #expect(status.error == "invalid_extension_session")

            let stale = try await server.client().send("POST", DeviceAPI.openExtension, json: [
                "credential_id": holder.credentialID, "issued_at": Int64(clock.now().timeIntervalSince1970) - 3600,
                "signature": "AAAA",
            ])
            #expect(stale.status == 400)
            var stranger = TestDevice()
            stranger.credentialID = holder.credentialID
            // Another key signing for the holder's credential: its signature does not verify.
            let impostor = try await server.client().send(
                "POST", DeviceAPI.openExtension, json: try stranger.signedRequest(issuedAt: clock.now(), SignedMessage.extension))
            #expect(impostor.status == 401 && impostor.error == "invalid_signature", "\(impostor.status) \(impostor.json)")
            let early = try await session.endorse(Data("x".utf8), with: holder.key, chain: holder.chain)
            #expect(early.status == 409)
            #expect(early.error == "extension_state_conflict")
        }
    }
}
