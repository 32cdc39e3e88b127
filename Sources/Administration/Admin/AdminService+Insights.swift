package import Foundation
package import IdentityStorage
import IdentityServerCore

/// What the console's dashboard shows, for the tenants the administrator administers (every
/// tenant, or the token's own).
extension AdminService {
    /// Sign-ins in each of `ranges`: `count` periods of `period` seconds (a whole number of
    /// hours) that end with the current one. One read of the log, from the earliest start.
    package func signIns(_ ranges: [(count: Int, period: TimeInterval)]) async throws -> [SignInTimeline] {
        try admin.require(.readAudit, toDo: "read sign-in figures")
        let now = now()
        let starts = ranges.map { SignInTimeline.start(count: $0.count, period: $0.period, now: now) }
        guard let earliest = starts.min() else { return [] }
        let buckets = try await store.signInActivity(tenantID: admin.tenantID, since: earliest)
        return zip(ranges, starts).map { range, start in
            SignInTimeline(buckets, start: start, period: range.period, count: range.count)
        }
    }

    /// The realms, by id, with their active identities and active credentials.
    package func realmPopulation() async throws -> [RealmPopulation] {
        try admin.require(.readAudit, toDo: "read sign-in figures")
        return try await store.realmPopulation(tenantID: admin.tenantID).filter { admin.administers(tenantID: $0.tenantID) }
    }
}
