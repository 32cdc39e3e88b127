public import Foundation
import Crypto
import IdentityProtocol
import IdentityStorage
import IdentityServerCore
import RealmKeys
import Administration

/// What `bi-server` does besides serving: migrating the schema, rotating the master key,
/// backing up.
extension IdentityServer {
    /// Writes a consistent copy of the SQLite database to `file` (which must not exist), owner
    /// only, while servers keep serving. It neither migrates nor writes the database. The
    /// master key is not in the copy: it must be kept, separately, with it.
    public static func backup(_ configuration: ServerConfiguration, to file: URL) async throws {
        guard configuration.databaseURL == nil else {
            throw ServerSetupError("the database is PostgreSQL: back it up with pg_dump (docs/operating.md: Backup and restore)")
        }
        let database = configuration.dataDirectory.appendingPathComponent(SQLIdentityStore.sqliteFileName)
        guard FileManager.default.fileExists(atPath: database.path) else {
            throw ServerSetupError("there is no database at \(database.path)")
        }
        guard !FileManager.default.fileExists(atPath: file.path) else {
            throw ServerSetupError("\(file.path) exists already: a backup never overwrites a file")
        }
        let store = try await SQLIdentityStore.sqlite(path: database.path, logger: configuration.logger)
        do {
            try await store.backup(to: file.path)
        } catch {
            try? await store.shutdown()
            throw error
        }
        try await store.shutdown()
    }

    /// Applies the migrations the database lacks, then closes it (for deployments that migrate
    /// before rolling out servers). Needs no master key.
    public static func migrate(_ configuration: ServerConfiguration) async throws {
        let opened = try await OpenedStorage.open(configuration)
        try await opened.store.shutdown()
    }

    /// Rotates the token-signing keys of every realm (or of `realmID`): each gets a successor,
    /// published now and signing after `prepublication` (the configured one by default), when
    /// the current key retires; retired keys stay published while their tokens live. Audited.
    /// Servers may keep serving. Returns each realm and its new key's id.
    public static func rotateSigningKeys(
        _ configuration: ServerConfiguration, realmID: String? = nil, prepublication: TimeInterval? = nil
    ) async throws -> [(realmID: String, kid: String)] {
        let opened = try await OpenedStorage.open(configuration)
        let masterKey = try await opened.masterKey(configuration)
        return try await opened.closing {
            let keyring = RealmKeyring(
                store: opened.store, sealer: SecretSealer(masterKey: masterKey), tokenLifetime: configuration.lifetimes.token,
                now: configuration.now)
            let audit = AuditLog(store: opened.store, now: configuration.now)
            let rotated = try await keyring.rotateKeys(
                activatedBefore: .distantFuture, of: realmID, prepublication: prepublication ?? configuration.signingKeys.prepublication)
            for (realm, kid) in rotated {
                try await audit.record("signing_key.rotated", tenantID: nil, realmID: realm, subjectID: kid, detail: ["by": "command"])
            }
            if let realmID, rotated.isEmpty { throw ServerSetupError("there is no realm \(realmID)") }
            try await opened.store.shutdown()
            return rotated
        }
    }

    /// Creates an admin token from the command line, for an operator locked out of the admin
    /// API (every token lost, expired or revoked): validated and audited as the admin API's
    /// `POST /v1/admin/tokens` is. Servers may keep serving. Returns the token (shown once).
    public static func createAdminToken(
        _ configuration: ServerConfiguration, label: String, tenantID: String?, expiresIn: Int?
    ) async throws -> (id: String, token: String) {
        let opened = try await OpenedStorage.open(configuration)
        let masterKey = try await opened.masterKey(configuration)
        return try await opened.closing {
            let service = AdminService(
                store: opened.store,
                keyring: RealmKeyring(store: opened.store, sealer: SecretSealer(masterKey: masterKey), now: configuration.now),
                audit: AuditLog(store: opened.store, now: configuration.now), lifetimes: configuration.lifetimes,
                baseURL: PublicBaseURL(configuration.publicBaseURL ?? "http://\(configuration.host):\(configuration.port)"),
                now: configuration.now, admin: .commandLine)
            let created: AdminToken
            do {
                created = try await service.createAdminToken(AdminTokenInput(label: label, tenantID: tenantID, expiresIn: expiresIn))
            } catch let error as ServerError {
                throw ServerSetupError(error.description)
            }
            try await opened.store.shutdown()
            return (created.id, created.token ?? "")
        }
    }

    /// Re-seals every secret of the database (realm CA keys, token-signing keys) under `newKey`
    /// (64 hex digits or base64 of 32 bytes) and records its check value, in one transaction;
    /// returns how many secrets it re-sealed. Every server on the database must be stopped first
    /// (they hold the old key), and started again with the new one: one left running seals
    /// nothing more (``StorageError/staleMasterKey``, a 503). What the old key sealed
    /// only in flight (sign-ins under way, second-device codes shown) stops working.
    public static func rotateMasterKey(_ configuration: ServerConfiguration, to newKey: String) async throws -> Int {
        try await rotateMasterKey(configuration, to: try MasterKeyFile.parse(newKey))
    }

    /// ``rotateMasterKey(_:to:)`` for a server whose key is the data directory's `master.key`:
    /// a new key is written to `master.key.next` first, and replaces `master.key` (an atomic
    /// rename) once the database is re-sealed. Should the rename not happen, the server refuses
    /// the old key at its next start, and `master.key.next` is the one to put in place.
    public static func rotateMasterKeyFile(_ configuration: ServerConfiguration) async throws -> Int {
        guard configuration.masterKey == nil else {
            throw ServerSetupError("the master key is configured (master_key, BI_MASTER_KEY), not a file: give the new key as a file")
        }
        let file = configuration.dataDirectory.appendingPathComponent(MasterKeyFile.name)
        let next = configuration.dataDirectory.appendingPathComponent(MasterKeyFile.name + ".next")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ServerSetupError("there is no \(file.path) to rotate")
        }
        let key = SymmetricKey(size: .bits256)
        try SecretFile.create(at: next, contents: key.withUnsafeBytes { Data($0) })
        let count: Int
        do {
            count = try await rotateMasterKey(configuration, to: key)
        } catch {
            // The new key is the only copy: remove it only when the database surely is not
            // sealed under it (a failed COMMIT may still have committed).
            guard await sealedUnder(key, configuration) == false else {
                try SecretFile.replace(file, with: next)
                throw ServerSetupError("the database was re-sealed under the new key, now in \(file.path), but then: \(error)")
            }
            try? FileManager.default.removeItem(at: next)
            throw error
        }
        try SecretFile.replace(file, with: next)
        return count
    }

    /// Whether the database's recorded check value is `key`'s; `nil` when it cannot be read.
    private static func sealedUnder(_ key: SymmetricKey, _ configuration: ServerConfiguration) async -> Bool? {
        guard let store = try? await SQLIdentityStore.open(
            databaseURL: configuration.databaseURL, schema: configuration.databaseSchema,
            dataDirectory: configuration.dataDirectory, logger: configuration.logger)
        else { return nil }
        let recorded = try? await store.masterKeyCheck()
        try? await store.shutdown()
        return recorded.map { $0 == MasterKeyCheck.value(of: key) }
    }

    private static func rotateMasterKey(_ configuration: ServerConfiguration, to next: SymmetricKey) async throws -> Int {
        let opened = try await OpenedStorage.open(configuration)
        let current = try await opened.masterKey(configuration)
        let count = try await opened.closing {
            let (old, new) = (SecretSealer(masterKey: current), SecretSealer(masterKey: next))
            return try await opened.store.resealSecrets(
                replacingCheck: MasterKeyCheck.value(of: current), with: MasterKeyCheck.value(of: next), at: configuration.now()
            ) { secret in
                try new.seal(try old.open(secret.sealed, purpose: secret.owner.purpose), purpose: secret.owner.purpose)
            }
        }
        // Committed: a failure to close now must not read as a failed rotation.
        try? await opened.store.shutdown()
        return count
    }
}
