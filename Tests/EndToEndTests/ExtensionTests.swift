import BeyondIdentityEmbedded
import DeviceSignIn
import IdentityServer
import JWTKit
import QRCodeEncoder
import Foundation
import IdentityProtocol
import SwiftASN1
import TestProcessSupport
import Testing
import X509
import ServerTestSupport

/// Adding a second device through the SDK's public API against the real server: extension
/// on device A, import on device B, code rotation, cancellation, and every way it can fail.
@Suite struct ExtensionTests {
    /// Registers a credential on a new app from an enrollment link.
    private func registeredApp(_ server: RunningServer, _ realm: TestRealm) async throws -> (TestApp, Credential) {
        let app = TestApp(server: server, application: realm.publicClient)
        return (app, try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!))
    }

    /// The first code of an extension, with its QR code, and the iterator for the rest.
    private func startedWithQRCode(
        _ app: TestApp, _ credential: Credential
    ) async throws -> (CredentialToken, QRCode, AsyncThrowingStream<ExtendCredentialsStatus, any Error>.Iterator) {
        var updates = app.sdk.extendCredentials(handles: [credential.handle]).makeAsyncIterator()
        guard case let .started(token, qrCode)? = try await updates.next() else { throw SetupError("no first code") }
        #expect(token.isWellFormed)
        return (token, try #require(qrCode), updates)
    }

    /// The first code of an extension, and the iterator for the rest.
    private func started(
        _ app: TestApp, _ credential: Credential
    ) async throws -> (CredentialToken, AsyncThrowingStream<ExtendCredentialsStatus, any Error>.Iterator) {
        let (token, _, updates) = try await startedWithQRCode(app, credential)
        return (token, updates)
    }

    /// The code's QR code, read by zbarimg (a decoder that is not ours), is the code.
    @Test(.requires(.zbar)) func theQRCodeReadsBackAsTheCode() async throws {
        try await RunningServer.withRealm { server, realm in
            let (a, credential) = try await registeredApp(server, realm)
            let (token, symbol, first) = try await startedWithQRCode(a, credential)
            var updates = first
            #expect(try await Zbar.decode(symbol.png()) == token.value, "the QR code does not read back as the code")
            try await a.sdk.cancelExtendCredentials()
            while let status = try await updates.next() {
                if case .tokenUpdated = status { continue }
                guard case .aborted = status else { throw SetupError("expected .aborted, got \(status)") }
            }
        }
    }

    @Test func theSecondDeviceGetsACredentialChainedThroughTheFirst() async throws {
        try await RunningServer.withRealm { server, realm in
            let (a, first) = try await registeredApp(server, realm)
            var (token, updates) = try await started(a, first)
            let b = TestApp(server: server, application: realm.publicClient)
            let imported = try await b.sdk.registerCredentials(token: token)
            guard case .done? = try await updates.next() else { throw SetupError("A did not finish") }
            #expect(try await updates.next() == nil)

            let second = try #require(imported.first)
            #expect(imported.count == 1)
            #expect(second.parentHandle == first.handle)
            #expect(second.identityID == first.identityID && second.state == .active)
            #expect(try await b.sdk.getCredentials() == imported)

            // B's certificate is issued by the realm's CA, like A's: an end entity under the root.
            #expect(second.chain.count == 2 && second.chain.last == first.chain.last)
            let chain = try second.chain.map { try Certificate(pemEncoded: $0) }
            #expect(chain[0].issuer == chain[1].subject)
            #expect(try chain[0].extensions.basicConstraints == .notCertificateAuthority)
            var verifier = Verifier(rootCertificates: CertificateStore([chain[1]])) { RFC5280Policy() }
            guard case .validCertificate = await verifier.validate(leaf: chain[0], intermediates: CertificateStore()) else {
                Issue.record("B's certificate does not verify against the realm's root")
                return
            }

            // B signs in as the same user; the administrator sees both credentials and the parent.
            let tokens = try await b.sdk.authenticate()
            let claims = try await TestRelyingParty(application: realm.publicClient, server: server)
                .verifyIDToken(tokens.idToken, checkNonce: false)
            #expect(claims.sub.value == realm.identityID)
            let listed = try await server.admin.send("GET", "\(realm.identityPath)/credentials")
            let items = try #require(listed.json["items"] as? [[String: Any]])
            #expect(items.count == 2)
            #expect(items.contains { $0["parent_credential_id"] as? String == first.handle.rawValue })
            // A still signs in too.
            _ = try await a.sdk.authenticate()
        }
    }

    @Test func codesRotateAndCancellingStopsThemAtOnce() async throws {
        try await RunningServer.withRealm(configure: { $0.credentialExtension.codeLifetime = 2 }) { server, realm in
            let (a, credential) = try await registeredApp(server, realm)
            var (first, updates) = try await started(a, credential)
            guard case let .tokenUpdated(second, qrCode)? = try await updates.next() else { throw SetupError("no new code") }
            #expect(second != first)
            #expect(qrCode != nil)
            let b = TestApp(server: server, application: realm.publicClient)
            #expect(await b.importing(first) == .failure(.extensionFailed(.wrongCode)))

            try await a.sdk.cancelExtendCredentials()
            var last = second
            while let status = try await updates.next() {
                if case let .tokenUpdated(token, _) = status { last = token; continue }
                guard case .aborted = status else { throw SetupError("expected .aborted, got \(status)") }
            }
            #expect(await b.importing(last) == .failure(.extensionFailed(.cancelled)))
            #expect(b.storedFiles.isEmpty)
            try await a.sdk.cancelExtendCredentials()  // nothing running: succeeds
        }
    }

    @Test func otherCallsWorkDuringAnExtensionAndASecondOneIsRefused() async throws {
        try await RunningServer.withRealm { server, realm in
            let (a, credential) = try await registeredApp(server, realm)
            var (_, updates) = try await started(a, credential)

            var second = a.sdk.extendCredentials(handles: [credential.handle]).makeAsyncIterator()
            await #expect(throws: BISDKError.extensionFailed(.alreadyRunning)) { _ = try await second.next() }
            _ = try await a.sdk.authenticate()
            #expect(try await a.sdk.getCredentials().count == 1)

            try await a.sdk.cancelExtendCredentials()
            guard case .aborted? = try await updates.next() else { throw SetupError("expected .aborted") }
            var again = try await started(a, credential).1
            try await a.sdk.cancelExtendCredentials()
            guard case .aborted? = try await again.next() else { throw SetupError("expected .aborted") }

            var none = a.sdk.extendCredentials(handles: []).makeAsyncIterator()
            await #expect(throws: BISDKError.extensionFailed(.oneCredentialAtATime)) { _ = try await none.next() }
            await #expect(throws: BISDKError.extensionFailed(.malformedCode)) {
                try await a.sdk.registerCredentials(token: CredentialToken(value: "12345"))
            }
        }
    }

    @Test func twoDevicesClaimingOneCodeAtOnceOnlyOneWins() async throws {
        try await RunningServer.withRealm { server, realm in
            let (a, credential) = try await registeredApp(server, realm)
            var (token, updates) = try await started(a, credential)
            let b = TestApp(server: server, application: realm.publicClient)
            let c = TestApp(server: server, application: realm.publicClient)
            async let fromB = b.importing(token)
            async let fromC = c.importing(token)
            let outcomes = await [fromB, fromC]
            guard case .done? = try await updates.next() else { throw SetupError("A did not finish") }

            #expect(outcomes.filter { if case .success = $0 { true } else { false } }.count == 1)
            #expect(outcomes.contains(.failure(.extensionFailed(.codeUsed))))
            #expect([b, c].filter { $0.storedFiles.isEmpty }.count == 1)
            let d = TestApp(server: server, application: realm.publicClient)
            #expect(await d.importing(token) == .failure(.extensionFailed(.codeUsed)))
        }
    }

    @Test func claimsAreRateLimitedPerAddress() async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(configure: {
            $0.credentialExtension.claimsPerAddressPerMinute = 3
            $0.now = clock.now
        }) { server, realm in
            clock.startAMinute()  // the counting starts now, in one minute's window
            let b = TestApp(server: server, application: realm.publicClient)
            var outcomes: [Result<[Credential], BISDKError>] = []
            for _ in 0..<8 {
                let outcome = await b.importing(CredentialToken(value: "000000000"))
                outcomes.append(outcome)
                if case let .failure(error) = outcome, case .rateLimited? = error.extensionFailure { break }
            }
            #expect(outcomes.prefix(3).allSatisfy { $0 == .failure(.extensionFailed(.wrongCode)) })
            guard case let .failure(error)? = outcomes.last, case let .rateLimited(retryAfter)? = error.extensionFailure else {
                Issue.record("never rate-limited: \(outcomes)")
                return
            }
            #expect((1...60).contains(retryAfter ?? 0))
            #expect(b.storedFiles.isEmpty)
        }
    }
}
