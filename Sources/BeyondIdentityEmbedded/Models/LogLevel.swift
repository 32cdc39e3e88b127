/// The severity of a message the SDK passes to the `logger` given to `Embedded.initialize`.
public enum LogLevel: String, Sendable, Hashable {
    /// Details of each step, for debugging.
    case debug
    /// Completed operations.
    case info
    /// Something unexpected that did not stop the operation.
    case warning
    /// An operation failed.
    case error
}
