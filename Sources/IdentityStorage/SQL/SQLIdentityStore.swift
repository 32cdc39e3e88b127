public import Foundation
public import Logging
import SQLKit
import Synchronization

/// The ``IdentityStore`` over SQL: SQLite (one file, WAL) or PostgreSQL. Single-use rows are
/// claimed with conditional `UPDATE … RETURNING`, so concurrent calls cannot both win.
public final class SQLIdentityStore: IdentityStore {
    let engine: StoreEngine
    /// The SQLite database's file name in the data directory.
    public static let sqliteFileName = "identity.sqlite"
    private let now: @Sendable () -> Date
    /// Realms and applications read recently (see ``DirectoryCache`` for its invalidation).
    let directory = DirectoryCache()
    /// The master-key check value sealed secrets may be written under (see
    /// ``sealOnlyUnder(masterKeyCheck:)``); `nil` until a server sets it.
    let sealingCheck = Mutex<Data?>(nil)

    init(engine: any SQLEngine, now: @escaping @Sendable () -> Date = { Date() }) {
        self.engine = StoreEngine(engine: engine)
        self.now = now
    }

    /// A store in the SQLite file at `path` (created if missing), its commits made durable as
    /// `synchronous` says.
    public static func sqlite(path: String, synchronous: SQLiteSynchronous = .full, logger: Logger) async throws -> SQLIdentityStore {
        SQLIdentityStore(engine: try await SQLiteEngine(path: path, synchronous: synchronous, logger: logger))
    }

    /// A store in the PostgreSQL database at `url` (`postgres://user:password@host:port/database`),
    /// with `searchPath` as the connections' `search_path` when given. Fails here, not on the
    /// first request, when the server cannot be reached.
    public static func postgres(url: String, searchPath: [String]? = nil, logger: Logger) async throws -> SQLIdentityStore {
        let engine = try PostgresEngine(url: url, searchPath: searchPath, logger: logger)
        do {
            try await engine.probe()
        } catch {
            try? await engine.shutdown()
            throw error
        }
        let store = SQLIdentityStore(engine: engine)
        await store.listenForDirectoryChanges()
        return store
    }

    /// Drops what other instances announce they changed from the directory cache, until the
    /// engine shuts down.
    private func listenForDirectoryChanges() async {
        let changes = await engine.notifications(on: DirectoryCache.channel)
        Task { [directory] in
            for await payload in changes { directory.drop(DirectoryCache.Change(payload: payload)) }
        }
    }

    /// Runs one statement (tests and tools; the contract's methods cover the server).
    func run(_ statement: SQLQueryString) async throws {
        try await engine.run { db in try await db.raw(statement).run() }
    }

    /// PostgreSQL for a `postgres://` or `postgresql://` URL (its tables in `schema`, created if
    /// missing, when given); SQLite file `identity.sqlite` in `dataDirectory` when `databaseURL` is
    /// `nil` (its commits made durable as `synchronous` says); ``StorageError/unsupportedDatabaseURL``
    /// otherwise.
    public static func open(
        databaseURL: String?, schema: String? = nil, dataDirectory: URL, synchronous: SQLiteSynchronous = .full, logger: Logger
    ) async throws -> SQLIdentityStore {
        guard let databaseURL else {
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
            return try await sqlite(path: dataDirectory.appendingPathComponent(sqliteFileName).path, synchronous: synchronous, logger: logger)
        }
        guard databaseURL.hasPrefix("postgres://") || databaseURL.hasPrefix("postgresql://") else {
            throw StorageError.unsupportedDatabaseURL.with(detail: "expected postgres:// or postgresql://")
        }
        guard let schema else { return try await postgres(url: databaseURL, logger: logger) }
        guard schema.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
            throw StorageError.unsupportedDatabaseURL.with(detail: "schema names are 1-63 of a-z, 0-9 and _")
        }
        let store = try await postgres(url: databaseURL, searchPath: [schema], logger: logger)
        do {
            try await store.run("CREATE SCHEMA IF NOT EXISTS \(ident: schema)")
        } catch {
            try? await store.shutdown()
            throw error
        }
        return store
    }

    public func migrate() async throws {
        try await Migrations.apply(on: engine.engine, now: now())
        try await syncWebhookEventTypes()
    }

    public func ping() async throws {
        try await engine.run { db in _ = try await db.raw("SELECT 1 AS one").first() }
    }

    /// Writes a consistent copy of a SQLite database to `path` (`VACUUM INTO`: one read
    /// transaction, so servers keep serving meanwhile), owner-only; `path` must not exist.
    /// PostgreSQL has its own tools: ``StorageError/unsupportedDatabaseURL``.
    public func backup(to path: String) async throws {
        guard engine.kind == .sqlite else {
            throw StorageError.unsupportedDatabaseURL.with(detail: "back up PostgreSQL with pg_dump")
        }
        try createOwnerOnlyFile(path)
        do {
            try await engine.runOutsideTransactions { db in try await db.raw("VACUUM INTO \(bind: path)").run() }
        } catch {
            unlink(path)
            throw error
        }
        // VACUUM INTO does not sync what it wrote: a backup must survive a crash right after.
        try syncFile(path)
        try syncFile((path as NSString).deletingLastPathComponent)
    }

    public func checkWritable() async throws {
        switch engine.kind {
        case .sqlite:
            // Takes the write lock (BEGIN IMMEDIATE) and writes the header: fails on a read-only file.
            try await engine.transaction { db in try await db.raw("PRAGMA user_version = 1").run() }
        case .postgres:
            let readOnly = try await engine.run { db in
                try await db.raw("SHOW transaction_read_only").first()?.decode(column: "transaction_read_only", as: String.self)
            }
            guard readOnly == "off" else { throw StorageError.unavailable.with(detail: "the database is read-only") }
        }
    }

    public func shutdown() async throws {
        try await engine.shutdown()
    }

    // MARK: Generic row operations

    /// Inserts a record; unique and foreign-key violations become ``StorageError``s.
    func insert<R: SQLRecord>(_ record: R, on db: (any SQLDatabase)? = nil, operation: String = #function) async throws {
        let insert = RecordInsert(record)
        let statement: @Sendable (any SQLDatabase) async throws -> Void = { db in try await db.run(insert) }
        if let db { try await statement(db) } else { try await engine.run(operation: operation, statement) }
    }

    /// The record whose `column` equals `value`.
    func fetch<R: SQLRecord>(
        _: R.Type, where column: String, equals value: any Encodable & Sendable, operation: String = #function
    ) async throws -> R? {
        try await engine.run(operation: operation) { db in
            try await db.raw("SELECT * FROM \(unsafeRaw: R.table) WHERE \(unsafeRaw: column) = \(bind: value)").first().map(R.init(row:))
        }
    }

    /// Rows (whose `column` equals `value`, when given, and that meet `condition`, when
    /// given), by `id`, one page.
    func list<R: SQLRecord & Identifiable>(
        _: R.Type, where column: String? = nil, equals value: String = "", and condition: SQLQueryString? = nil,
        _ page: PageRequest, operation: String = #function
    ) async throws -> Page<R> where R.ID == String {
        let rows = try await engine.run(operation: operation) { db in
            var query = db.select().column("*").from(R.table)
            if let column { query = query.where(column, .equal, value) }
            if let condition { query = query.where(condition) }
            if let cursor = page.cursor { query = query.where("id", .greaterThan, cursor) }
            return try await query.orderBy("id").limit(page.size + 1).all().map(R.init(row:))
        }
        return Page(items: Array(rows.prefix(page.size)), nextCursor: rows.count > page.size ? rows[page.size - 1].id : nil)
    }

    /// Runs `change` and appends `event` (when there is one) in one transaction, so that neither
    /// commits without the other.
    func audited<T: Sendable>(
        _ event: AuditEventRecord?, operation: String = #function, _ change: @escaping @Sendable (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await engine.transaction(operation: operation) { db in
            let result = try await change(db)
            if let event { try await self.insert(event, on: db) }
            return result
        }
    }

    /// Overwrites the row with the record's id (all columns but `id`, `created_at` and `kept`).
    func replace<R: SQLRecord & Identifiable>(
        _ record: R, keeping kept: Set<String> = [], on db: any SQLDatabase
    ) async throws where R.ID == String {
        let columns = record.columns.filter { $0.name != "id" && $0.name != "created_at" && !kept.contains($0.name) }
        let id = record.id
        var sql = SQLQueryString("UPDATE \(unsafeRaw: R.table) SET ")
        for (index, column) in columns.enumerated() {
            sql.appendLiteral(index > 0 ? ", \(column.name) = " : "\(column.name) = ")
            sql.appendInterpolation(sqlValue(column.value))
        }
        sql.appendInterpolation(" WHERE id = \(bind: id) RETURNING id" as SQLQueryString)
        let updated = try await SQLErrors.translating { [sql] in try await db.raw(sql).all().count }
        guard updated == 1 else { throw StorageError.notFound.with(detail: "\(R.table) \(id)") }
    }

    /// Deletes the row with `id` from `table`.
    func delete(from table: String, id: String, on db: any SQLDatabase) async throws {
        let deleted = try await db.raw("DELETE FROM \(unsafeRaw: table) WHERE id = \(bind: id) RETURNING id").all().count
        guard deleted == 1 else { throw StorageError.notFound.with(detail: "\(table) \(id)") }
    }
}

/// A value to bind, with `nil` as SQL `NULL`.
func sqlValue(_ value: any Encodable & Sendable) -> any SQLExpression {
    if let optional = value as? any OptionalValue, optional.isNone { return SQLLiteral.null }
    return SQLBind(value)
}

/// Lets ``sqlValue(_:)`` see through an optional hidden in an existential.
protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}

/// Creates the empty file `path`, readable and writable by its owner only; fails if it exists.
private func createOwnerOnlyFile(_ path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
        throw StorageError.unavailable.with(detail: "cannot create \(path): \(String(cString: strerror(errno)))")
    }
    close(descriptor)
}

/// `fsync` of the file or directory at `path`.
private func syncFile(_ path: String) throws {
    let descriptor = open(path.isEmpty ? "." : path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0, fsync(descriptor) == 0 else {
        if descriptor >= 0 { close(descriptor) }
        throw StorageError.unavailable.with(detail: "cannot sync \(path): \(String(cString: strerror(errno)))")
    }
    close(descriptor)
}
