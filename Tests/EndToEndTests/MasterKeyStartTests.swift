import Crypto
import Foundation
@testable import IdentityServer
@testable import IdentityStorage
import Logging
import Testing

/// A server started with a master key other than the one its database's secrets are sealed
/// under refuses to start with a clear error, instead of starting healthy and failing every
/// sign-in (issue 16).
@Suite struct MasterKeyStartTests {
    @Test func aServerGivenAnotherMasterKeyRefusesToStart() async throws {
        try await withDataDirectory { directory in
            let (key, other) = (Self.newKey(), Self.newKey())
            try await Self.startWithRealm(directory, masterKey: key)

            let error = await #expect(throws: ServerSetupError.self) { try await Self.start(directory, masterKey: other) }
            #expect(error?.description.contains("BI_MASTER_KEY") == true, "\(String(describing: error))")
            #expect(error?.description.contains("is not the one this database's secrets are sealed under") == true)
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
            #expect(error?.description.contains(file.path) == true, "\(String(describing: error))")
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

            await #expect(throws: ServerSetupError.self) { try await Self.start(directory, masterKey: other) }
            #expect(try await store.masterKeyCheck() == nil, "a refused key is not recorded")
            try await Self.start(directory, masterKey: key)
            #expect(try await store.masterKeyCheck() == MasterKeyCheck.value(of: try MasterKeyFile.parse(key)))
            try await store.shutdown()
        }
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
