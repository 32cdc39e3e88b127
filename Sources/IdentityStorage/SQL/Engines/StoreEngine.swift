import ServerTracing
import SQLKit
import Tracing

/// The engine as the store's operations call it. When the server traces, each call is a client
/// span named after the operation that made it (`IdentityStore.redeemAuthorizationCode`), with
/// the engine, the kind of unit, and how many statements ran and rows came back; otherwise it is
/// the engine's call as it is.
struct StoreEngine: Sendable {
    let engine: any SQLEngine

    var kind: SQLEngineKind { engine.kind }

    /// ``SQLEngine/run(_:)``, spanned as `operation` (the calling function's name by default).
    func run<R: Sendable>(
        operation: String = #function, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R
    ) async throws -> R {
        try await spanned(operation, unit: "statements", body) { try await engine.run($0) }
    }

    /// ``SQLEngine/runOutsideTransactions(_:)``, spanned as `operation`.
    func runOutsideTransactions<R: Sendable>(
        operation: String = #function, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R
    ) async throws -> R {
        try await spanned(operation, unit: "outside_transactions", body) { try await engine.runOutsideTransactions($0) }
    }

    /// ``SQLEngine/write(_:)``, spanned as `operation`.
    func write<R: Sendable>(
        operation: String = #function, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R
    ) async throws -> R {
        try await spanned(operation, unit: "write", body) { try await engine.write($0) }
    }

    /// ``SQLEngine/transaction(_:)``, spanned as `operation`.
    func transaction<R: Sendable>(
        operation: String = #function, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R
    ) async throws -> R {
        try await spanned(operation, unit: "transaction", body) { try await engine.transaction($0) }
    }

    func notify(_ channel: String, payload: String, on db: any SQLDatabase) async throws {
        try await engine.notify(channel, payload: payload, on: db)
    }

    func notifications(on channel: String) async -> AsyncStream<String> {
        await engine.notifications(on: channel)
    }

    func shutdown() async throws {
        try await engine.shutdown()
    }

    private func spanned<R: Sendable>(
        _ operation: String, unit: String, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R,
        _ call: (@escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    ) async throws -> R {
        // Outside a trace (a queue's polling) there is no span to make, and nothing to count.
        guard Traces.isOn, ServiceContext.current != nil else { return try await call(body) }
        let name = operation.prefix { $0 != "(" }
        return try await Traces.span("IdentityStore.\(name)", kind: .client) { span in
            span.attributes["db.system.name"] = kind == .sqlite ? "sqlite" : "postgresql"
            span.attributes["db.operation.name"] = String(name)
            span.attributes["bi.storage.unit"] = unit
            let counts = StatementCounts()
            defer {
                let (statements, rows) = counts.totals
                span.attributes["bi.storage.statements"] = statements
                span.attributes["db.response.returned_rows"] = rows
            }
            return try await call { db in try await body(CountingDatabase(inner: db, counts: counts)) }
        }
    }
}
