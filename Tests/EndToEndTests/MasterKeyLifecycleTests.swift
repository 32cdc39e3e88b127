import Crypto
import Foundation
import HummingbirdTesting
import IdentityProtocol
@testable import IdentityServer
@testable import IdentityStorage
import Logging
import SQLKit
import TestProcessSupport
import Testing
@testable import IdentityServerCore
@testable import RealmKeys
import ServerTestSupport

/// A server started with a master key other than the one its database's secrets are sealed
/// under refuses to start with a clear error, instead of starting healthy and failing every
/// sign-in; `bi-server keys rotate-master` re-seals every secret under a new key (issue 16).
@Suite struct MasterKeyLifecycleTests {
    @Test func aServerGivenAnotherMasterKeyRefusesToStart() async throws {
        try await withDataDirectory { directory in
            let (key, other) = (Self.newKey(), Self.newKey())
            try await Self.startWithRealm(directory, masterKey: key)

            let error = await #expect(throws: ServerSetupError.self) { try await Self.start(directory, masterKey: other) }
            #expect(error?.description == Self.mismatch(Self.configured))
            // The refused start wrote nothing: the right key still starts.
            try await Self.start(directory, masterKey: key)
        }
    }

    /// A restored database with a new `master.key` (the old one was not restored).
    @Test func aReplacedMasterKeyFileIsRefused() async throws {
        try await withDataDirectory { directory in
            try await Self.startWithRealm(directory, masterKey: nil)
            let file = directory.appendingPathComponent("master.key")
            try FileManager.default.removeItem(at: file)
            try Data(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }).write(to: file)

            let error = await #expect(throws: ServerSetupError.self) { try await Self.start(directory, masterKey: nil) }
            #expect(error?.description == Self.mismatch(file.path))
        }
    }

    /// A database from before check values: the key must open its secrets, and is then recorded.
    @Test func aDatabaseWithoutACheckValueIsCheckedAgainstItsSecrets() async throws {
        try await withDataDirectory { directory in
            let (key, other) = (Self.newKey(), Self.newKey())
            try await Self.startWithRealm(directory, masterKey: key)
            let store = try await SQLIdentityStore.sqlite(
                path: directory.appendingPathComponent("identity.sqlite").path, logger: Logger(label: "test"))
            try await store.engine.run { db in try await db.raw("DELETE FROM master_key_check").run() }

            let error = await #expect(throws: ServerSetupError.self) { try await Self.start(directory, masterKey: other) }
            #expect(error?.description == Self.mismatch(Self.configured))
            #expect(try await store.masterKeyCheck() == nil, "a refused key is not recorded")
            try await Self.start(directory, masterKey: key)
            #expect(try await store.masterKeyCheck() == MasterKeyCheck.value(of: try MasterKeyFile.parse(key)))
            try await store.shutdown()
        }
    }

    /// With the key in `master.key`: a new key replaces the file, every secret opens under it
    /// (with its own purpose), the old key is refused, and the realm's signing keys are the same.
    @Test func rotatingTheKeyFileReSealsEverySecret() async throws {
        try await withDataDirectory { directory in
            try await Self.startWithRealm(directory, masterKey: nil)
            let file = directory.appendingPathComponent("master.key")
            let old = try Data(contentsOf: file)
            let before = try await Self.sealedSecrets(directory)

            let result = try await ChildProcess.run(Self.server, ["keys", "rotate-master", "--data-directory", directory.path])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasPrefix("re-sealed \(before.count) secrets"), "\(result.output)")
            let new = try Data(contentsOf: file)
            #expect(new.count == 32 && new != old)
            #expect(!FileManager.default.fileExists(atPath: file.path + ".next"))

            let after = try await Self.sealedSecrets(directory)
            #expect(after.map(\.owner) == before.map(\.owner))
            let (oldSealer, newSealer) = (SecretSealer(masterKey: SymmetricKey(data: old)), SecretSealer(masterKey: SymmetricKey(data: new)))
            for (was, now) in zip(before, after) {
                #expect(try newSealer.open(now.sealed, purpose: now.owner.purpose) == oldSealer.open(was.sealed, purpose: was.owner.purpose))
                #expect(throws: SecretSealer.SealError.unopenable) { try oldSealer.open(now.sealed, purpose: now.owner.purpose) }
            }
            let oldKey = old.map { String(format: "%02x", $0) }.joined()
            let error = await #expect(throws: ServerSetupError.self) { try await Self.start(directory, masterKey: oldKey) }
            #expect(error?.description == Self.mismatch(Self.configured))
            try await Self.start(directory, masterKey: nil)
        }
    }

    /// With the key configured: the new key comes from a file, and only it works afterwards.
    @Test func rotatingAConfiguredKeyTakesTheNewOneFromAFile() async throws {
        try await withDataDirectory { directory in
            let (key, next) = (Self.newKey(), Self.newKey())
            try await Self.startWithRealm(directory, masterKey: key)
            let keyFile = directory.appendingPathComponent("next.key")
            try Data((next + "\n").utf8).write(to: keyFile)
            let rotate = ["BI_MASTER_KEY=\(key)", Self.server, "keys", "rotate-master", "--data-directory", directory.path]

            let refused = try await ChildProcess.run("/usr/bin/env", rotate)
            #expect(refused.status != 0)
            #expect(refused.errors.contains("give the new one with --new-key-file"), "\(refused.errors)")

            let result = try await ChildProcess.run("/usr/bin/env", rotate + ["--new-key-file", keyFile.path])
            #expect(result.status == 0, "\(result.errors)")
            let error = await #expect(throws: ServerSetupError.self) { try await Self.start(directory, masterKey: key) }
            #expect(error?.description == Self.mismatch(Self.configured))
            try await Self.start(directory, masterKey: next)
        }
    }

    /// Another process rotates the master key while a server runs (issue 32): that server, still
    /// holding the old key, seals nothing more (a realm's CA key, a signing key), answering 503
    /// `temporarily_unavailable` with the reason, and writes nothing; what seals nothing still
    /// works. A second server started with the new key meanwhile creates realms. On one SQLite
    /// file, and on one PostgreSQL database when `BI_TEST_DATABASE_URL` names one.
    @Test(arguments: SharedDatabase.available)
    func aServerWhoseMasterKeyWasRotatedMeanwhileSealsNothing(database: SharedDatabase) async throws {
        try await withDataDirectory { directory in
            let (key, next) = (Self.newKey(), Self.newKey())
            let schema = "e2e_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let settings = { @Sendable (key: String) in database.configure(Self.configuration(directory, masterKey: key), schema: schema) }
            do {
                try await twoServers(settings, key: key, next: next)
            } catch {
                if database == .postgres { try? await SharedDatabase.drop(schema) }
                throw error
            }
            if database == .postgres { try await SharedDatabase.drop(schema) }
        }
    }

    /// A server on the database `settings(key)` names, its master key rotated to `next` meanwhile.
    private func twoServers(_ settings: @escaping @Sendable (String) -> ServerConfiguration, key: String, next: String) async throws {
        try await RunningServer.withRealm(.router, configure: { $0 = settings(key) }) { stale, realm in
            let count = try await IdentityServer.rotateMasterKey(settings(key), to: next)
            let secrets = try await Self.sealedSecrets(settings(next))
            #expect(count == secrets.count && count >= 2)

            for (path, json) in [
                (AdminAPI.realms(tenant: realm.tenantID), Self.newRealm),
                (AdminAPI.rotateSigningKeys(tenant: realm.tenantID, realm: realm.realmID), nil),
            ] {
                let reply = try await stale.admin.send("POST", path, json: json)
                #expect(reply.status == 503, "\(path)")
                #expect(reply.error == "temporarily_unavailable")
                #expect(reply.json["error_description"] as? String == Self.staleKeyRefusal)
            }
            // A change that seals nothing still works, and puts no secret back as it was.
            let renamed = try await stale.admin.send("PATCH", realm.realmPath, json: ["display_name": "Renamed"])
            #expect(renamed.status == 200)
            #expect(try await Self.sealedSecrets(settings(next)) == secrets, "nothing written under the old key")
            let realms = try await stale.admin.send("GET", AdminAPI.realms(tenant: realm.tenantID))
            #expect((realms.json["items"] as? [[String: Any]])?.count == 1)
            let events = try await stale.admin.send("GET", AdminAPI.auditEvents)
            let types = (events.json["items"] as? [[String: Any]])?.compactMap { $0["type"] as? String }
            #expect(types?.filter { $0 == "admin.realm.created" }.count == 1)

            // Another server, started with the new key while the stale one runs, seals under it.
            let current = try await IdentityServer.prepare(settings(next))
            do {
                try await current.application().test(.router) { client in
                    let admin = HTTPTestClient(baseURL: RunningServer.routerBaseURL, bearer: stale.adminToken, router: client)
                    _ = try await admin.created(AdminAPI.realms(tenant: realm.tenantID), Self.newRealm)
                    let rotated = try await admin.send("POST", AdminAPI.rotateSigningKeys(tenant: realm.tenantID, realm: realm.realmID))
                    #expect(rotated.status == 200, "\(String(decoding: rotated.body, as: UTF8.self))")
                }
            } catch {
                try? await current.shutdown()
                throw error
            }
            try await current.shutdown()
            let sealer = SecretSealer(masterKey: try MasterKeyFile.parse(next))
            let all = try await Self.sealedSecrets(settings(next))
            #expect(all.count == secrets.count + 3)
            for secret in all {
                #expect(throws: Never.self) { try sealer.open(secret.sealed, purpose: secret.owner.purpose) }
            }
        }
    }

    static let newRealm = ["display_name": "After the rotation", "registration_redirect_uri": TestRealm.registrationRedirect]

    /// The answer of a server asked to seal under a master key another process has rotated.
    static let staleKeyRefusal = "the master key was rotated and this server still holds the old one: it must be restarted with the new key"

    /// The database two servers share in a test.
    enum SharedDatabase: Sendable, CustomTestStringConvertible {
        case sqlite, postgres

        /// SQLite; PostgreSQL too when `BI_TEST_DATABASE_URL` names a database.
        static var available: [SharedDatabase] { url == nil ? [.sqlite] : [.sqlite, .postgres] }
        static var url: String? { TestDatabase.url }

        var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

        /// `configuration` on this database (PostgreSQL: tables in `schema`).
        func configure(_ configuration: ServerConfiguration, schema: String) -> ServerConfiguration {
            var configuration = configuration
            if self == .postgres {
                configuration.databaseURL = Self.url
                configuration.databaseSchema = schema
            }
            return configuration
        }

        static func drop(_ schema: String) async throws {
            guard let url else { return }
            let store = try await SQLIdentityStore.postgres(url: url, logger: Logger(label: "test"))
            try await store.run("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE")
            try await store.shutdown()
        }
    }

    /// How the refusal names a master key given in configuration.
    static let configured = "the configured master_key, BI_MASTER_KEY"

    /// The exact refusal of a master key (from `source`) that is not the database's: any other
    /// failure on the way (a database that did not open, a bad key) is not it.
    static func mismatch(_ source: String) -> String {
        """
        the master key (\(source)) is not the one this database's secrets are sealed under. \
        Start with the master key that belongs to this database: the master.key file backed up with it, \
        or the BI_MASTER_KEY the other servers on this database use.
        """
    }

    static var server: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bi-server").path
    }

    /// Every sealed secret of the SQLite database in `directory`.
    private static func sealedSecrets(_ directory: URL) async throws -> [SealedSecret] {
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        return try await sealedSecrets(configuration)
    }

    /// Every sealed secret of the database `configuration` names.
    private static func sealedSecrets(_ configuration: ServerConfiguration) async throws -> [SealedSecret] {
        let store = try await SQLIdentityStore.open(
            databaseURL: configuration.databaseURL, schema: configuration.databaseSchema,
            dataDirectory: configuration.dataDirectory, logger: Logger(label: "test"))
        let secrets = try await store.sealedSecrets(limit: nil)
        try await store.shutdown()
        return secrets
    }

    /// Prepares a server on `directory` (its storage opened, migrated and checked), then closes it.
    private static func start(_ directory: URL, masterKey: String?) async throws {
        let server = try await IdentityServer.prepare(configuration(directory, masterKey: masterKey))
        try await server.shutdown()
    }

    /// A first start that creates a realm, so the database holds sealed secrets.
    private static func startWithRealm(_ directory: URL, masterKey: String?) async throws {
        try await RunningServer.withRealm(.router, configure: { $0 = configuration(directory, masterKey: masterKey) }) { _, _ in }
    }

    private static func configuration(_ directory: URL, masterKey: String?) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        configuration.masterKey = masterKey
        configuration.publicBaseURL = RunningServer.routerBaseURL
        configuration.logger.logLevel = .warning
        return configuration
    }

    private static func newKey() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
    }

    private func withDataDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-master-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }
}
