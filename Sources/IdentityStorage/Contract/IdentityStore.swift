import Foundation

/// The one storage contract of the identity server. Two engines implement it
/// (``SQLIdentityStore`` over SQLite or PostgreSQL) and one conformance suite tests both.
///
/// Contract, for every engine:
/// - Reads of a missing row return `nil`; updates, deletes and revokes of a missing row throw
///   ``StorageError/notFound``; inserts that break a unique key throw ``StorageError/alreadyExists``.
/// - Every method is one transaction: it happens whole or not at all.
/// - Lists are ordered by `id` ascending (audit events by `occurredAt`, then `id`) and paged by cursor.
/// - Deleting a tenant, realm or application deletes what hangs under it.
/// - Every change an administrator makes takes the audit event that records it, written in the
///   same transaction (`nil` for none: tests and tools).
///
/// It is the parts each area of the server reads and writes (``TenantStore``,
/// ``SignInStore``, ``WebhookStore``, …), so that a feature can name the parts it uses.
public protocol IdentityStore:
    TenantStore,
    ApplicationStore,
    IdentityRecordStore,
    CredentialStore,
    PasskeyStore,
    SignInStore,
    CrossDeviceStore,
    EmailCodeStore,
    SessionStore,
    ExtensionSessionStore,
    ReplayStore,
    AttemptStore,
    SigningKeyStore,
    AdminTokenStore,
    ConsoleSessionStore,
    AccountSessionStore,
    OperatorStore,
    EmailChangeStore,
    MaintenanceStore,
    AuditStore,
    ConsoleQueryStore,
    ProvisioningTokenStore,
    WebhookStore,
    MailQueueStore,
    SCIMUserStore,
    IdentityGroupStore
{
    /// Applies pending versioned migrations, each in its own transaction. Idempotent.
    func migrate() async throws
    /// Closes connections.
    func shutdown() async throws
}
