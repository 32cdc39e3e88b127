import Foundation
import IdentityStorage

/// What the console's dashboard shows, for the tenants the administrator administers (every
/// tenant, or the token's own).
extension AdminService {
    /// Sign-ins in the `count` periods of `period` seconds (a whole number of hours) that end
    /// with the current one.
    func signIns(periods count: Int, of period: TimeInterval) async throws -> SignInTimeline {
        let start = SignInTimeline.start(count: count, period: period, now: now())
        let buckets = try await store.signInActivity(tenantID: admin.tenantID, since: start)
        return SignInTimeline(buckets, start: start, period: period, count: count)
    }

    /// The realms, by id, with their active identities and active credentials.
    func realmPopulation() async throws -> [RealmPopulation] {
        try await store.realmPopulation(tenantID: admin.tenantID)
    }
}
