import BeyondIdentityEmbedded
import Crypto
import DeviceSignIn
import Foundation
import IdentityServer
@testable import IdentityStorage
import JWTKit
import Logging
import SQLKit
import Testing
@testable import IdentityServerCore
import ServerTestSupport

/// Two `bi-server` instances over one PostgreSQL database (its own schema per test), as
/// behind a load balancer: device A talks to one, device B to the other. Runs when
/// `BI_TEST_DATABASE_URL` names a database (CI sets it).
@Suite(.enabled(if: TestDatabase.url != nil, "BI_TEST_DATABASE_URL is not set"))
struct ScaleOutTests {

    @Test func extensionAcrossTwoInstancesSharingPostgreSQL() async throws {
        let url = try #require(TestDatabase.url)
        let schema = TestDatabase.newSchema()
        let masterKey = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
        let shared: (inout ServerConfiguration) -> Void = {
            $0.databaseURL = url
            $0.databaseSchema = schema
            $0.masterKey = masterKey
            // Only notifications relayed through PostgreSQL wake a device waiting on the other
            // instance; without them each step would wait out a 25 s long poll.
            $0.credentialExtension.recheckInterval = .seconds(3600)
        }
        let first = try await RunningServer.start(configure: shared)
        var second: RunningServer?
        do {
            second = try await RunningServer.start(adminToken: first.adminToken, configure: shared)
            try await extend(from: first, to: try #require(second))
        } catch {
            Issue.record(error)
        }
        await second?.stop()
        await first.stop()
        try await TestDatabase.drop(schema, url: url)
    }

    private func extend(from first: RunningServer, to second: RunningServer) async throws {
        let realm = try await TestRealm.create(on: first)
        let a = TestApp(server: first, application: realm.publicClient)
        let credential = try await a.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
        var updates = a.sdk.extendCredentials(handles: [credential.handle]).makeAsyncIterator()
        guard case let .started(token, _)? = try await updates.next() else { throw SetupError("no code") }

        let b = TestApp(server: second, application: realm.publicClient)
        let imported = try #require(try await b.sdk.registerCredentials(token: token).first)
        guard case .done? = try await updates.next() else { throw SetupError("A did not finish") }
        #expect(imported.parentHandle == credential.handle)
        #expect(imported.chain.count == 2 && imported.chain.last == credential.chain.last)

        // B signs in through its own instance (whose issuer is built on its own base URL, as no
        // public base URL is configured here); A through the other.
        let tokens = try await b.sdk.authenticate()
        let client = realm.publicClient
        let onSecond = TestApplication(
            clientID: client.clientID, clientSecret: client.clientSecret,
            issuer: client.issuer.replacingOccurrences(of: first.baseURL, with: second.baseURL))
        let claims = try await TestRelyingParty(application: onSecond, server: second)
            .verifyIDToken(tokens.idToken, checkNonce: false)
        #expect(claims.sub.value == realm.identityID)
        _ = try await a.sdk.authenticate()
    }
}
