import Crypto
import Foundation
import IdentityStorage
import IdentityServerCore
import RealmKeys

/// What every start opens first: the data directory (owner only), storage with every
/// migration applied and taking writes, and the master key its secrets are sealed under.
struct OpenedStorage {
    let store: SQLIdentityStore
    let directory: URL

    /// Opens storage and applies the migrations it lacks; the store is closed again if that fails.
    static func open(_ configuration: ServerConfiguration) async throws -> OpenedStorage {
        let directory = configuration.dataDirectory
        // Owner only: it holds the database, the master key and the admin token.
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try DataDirectory.checkWritable(directory)
        } catch let error as ServerSetupError {
            throw error
        } catch {
            throw ServerSetupError("cannot use the data directory \(directory.path): \(error.localizedDescription)")
        }
        let store = try await SQLIdentityStore.open(
            databaseURL: configuration.databaseURL, schema: configuration.databaseSchema, dataDirectory: directory,
            synchronous: configuration.sqliteSynchronous, logger: configuration.logger)
        let opened = OpenedStorage(store: store, directory: directory)
        try await opened.closing {
            try await store.migrate()
            try await store.checkWritable()
        }
        return opened
    }

    /// The configured master key, or the data directory's `master.key` (created when missing),
    /// checked against the database.
    func masterKey(_ configuration: ServerConfiguration) async throws -> SymmetricKey {
        try await closing {
            let file = directory.appendingPathComponent(MasterKeyFile.name)
            let key = try configuration.masterKey.map(MasterKeyFile.parse) ?? MasterKeyFile.loadOrCreate(at: file)
            let next = directory.appendingPathComponent(MasterKeyFile.name + ".next")
            do {
                try await MasterKeyCheck.verify(
                    key, from: configuration.masterKey == nil ? file.path : "the configured master_key, BI_MASTER_KEY",
                    store: store, now: configuration.now())
            } catch let error as ServerSetupError where configuration.masterKey == nil && FileManager.default.fileExists(atPath: next.path) {
                throw ServerSetupError("""
                    \(error) A key rotation that did not finish left \(next.path): if it re-sealed the database, \
                    that file is the key to put in place of \(file.path).
                    """)
            }
            // Another process may rotate the key while this one runs: seal nothing under it then.
            store.sealOnlyUnder(masterKeyCheck: MasterKeyCheck.value(of: key))
            return key
        }
    }

    /// Runs `body`; closes the store if it throws.
    func closing<R>(_ body: () async throws -> R) async throws -> R {
        do {
            return try await body()
        } catch {
            try? await store.shutdown()
            throw error
        }
    }
}
