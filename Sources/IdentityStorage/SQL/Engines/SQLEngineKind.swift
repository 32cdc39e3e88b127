/// The two engines.
enum SQLEngineKind: Sendable {
    case sqlite, postgres

    /// The binary column type.
    var blob: String { self == .sqlite ? "BLOB" : "BYTEA" }
}
