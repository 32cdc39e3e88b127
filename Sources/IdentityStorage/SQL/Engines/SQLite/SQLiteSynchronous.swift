/// When SQLite makes a commit durable (`PRAGMA synchronous`, in write-ahead-log mode).
public enum SQLiteSynchronous: String, Sendable, CaseIterable {
    /// Each commit is synced (`fsync`) before it is acknowledged: it survives a power loss. The default.
    case full
    /// The log is synced only at checkpoints: the database stays consistent, but a power loss
    /// (not a crash of the process) can undo the last commits, such as a spent code or a
    /// revocation. Faster; for operators who accept that.
    case normal
}
