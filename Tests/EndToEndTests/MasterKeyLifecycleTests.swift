import Crypto
import Foundation
@testable import IdentityServer
@testable import IdentityStorage
import Logging
import TestProcessSupport
import Testing

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
        let store = try await SQLIdentityStore.sqlite(
            path: directory.appendingPathComponent("identity.sqlite").path, logger: Logger(label: "test"))
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
