/// The order of a listing of the audit log (``IdentityStore/listAuditEvents(_:order:_:)``): by
/// the time the events occurred, then by id.
public enum AuditEventOrder: Sendable {
    /// Oldest first, as the admin API pages through the log.
    case oldestFirst
    /// Newest first, as the console shows it.
    case newestFirst
}
