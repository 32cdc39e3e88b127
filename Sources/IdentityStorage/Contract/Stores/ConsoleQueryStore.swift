public import Foundation

/// What the console reads beyond the admin API: one event, identity search, activity, population. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol ConsoleQueryStore: Sendable {
    /// The event with this id.
    func auditEvent(id: String) async throws -> AuditEventRecord?
    /// The realm's identities that `query` selects, in its order, a page at a time both ways:
    /// a page's `nextCursor` and `previousCursor` are the cursors of the pages beside it.
    func findIdentities(realmID: String, _ query: IdentityQuery, _ page: PageRequest) async throws -> Page<IdentityRecord>
    /// How many of the realm's identities `query` selects.
    func countIdentities(realmID: String, _ query: IdentityQuery) async throws -> Int
    /// The identities named `username` in any realm (of one tenant, when given), at most
    /// `limit` of them, by id.
    func identities(username: String, tenantID: String?, limit: Int) async throws -> [IdentityRecord]
    /// The sign-ins (`authentication.succeeded` and `authentication.refused` events) of one
    /// tenant or all of them, at `since` or later, counted by hour, outcome and, for
    /// refusals, reason; ordered by hour, successes first, then by reason. Cross-device
    /// sign-ins declined, cancelled or left to expire are refusals too (`declined_on_device`,
    /// `cancelled_in_browser`, `expired_unanswered`).
    func signInActivity(tenantID: String?, since: Date) async throws -> [SignInActivityBucket]
    /// The realms of one tenant or all of them, by id, with their counts of active
    /// identities and active credentials, in one query.
    func realmPopulation(tenantID: String?) async throws -> [RealmPopulation]
}
