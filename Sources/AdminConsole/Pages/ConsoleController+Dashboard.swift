import Administration
import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// The console's home page: sign-ins over the last day (per hour) and week (per six hours),
/// succeeded against refused, refusals by reason, and each realm's active identities and
/// credentials, for the tenants the operator administers.
extension ConsoleController {
    package func registerDashboard(on signedIn: RouterGroup<ServerRequestContext>) {
        signedIn.get { _, context in
            let (admin, console) = try acting(context)
            let asOf = now()
            let timelines = try await admin.signIns([(count: 24, period: 3600), (count: 28, period: 6 * 3600)])
            let (day, week) = (timelines[0], timelines[1])
            let population = try await admin.realmPopulation()
            // Names for the tenants' column; past the first thousand tenants a realm shows its tenant's id.
            let tenants = try await admin.tenants(PageRequest(size: 1000)).items
            let tenantNames = Dictionary(tenants.map { ($0.id, $0.displayName) }, uniquingKeysWith: { first, _ in first })
            let dayReasons = Dictionary(day.reasons.map { ($0.reason, $0.count) }, uniquingKeysWith: +)
            return renderer.page(.dashboard, DashboardPage(
                chrome: chrome(console), asOf: ConsoleFormat.date(asOf), daySucceeded: day.totalSucceeded,
                dayRefused: day.totalRefused, weekSucceeded: week.totalSucceeded, weekRefused: week.totalRefused,
                activeIdentities: population.reduce(0) { $0 + $1.activeIdentities },
                activeCredentials: population.reduce(0) { $0 + $1.activeCredentials },
                activePasskeys: population.reduce(0) { $0 + $1.activePasskeys },
                charts: [
                    SignInCharts.chart(day, id: "day-chart", title: "Sign-ins per hour, last 24 hours", tickHours: 6),
                    SignInCharts.chart(
                        week, id: "week-chart", title: "Sign-ins per 6 hours, last 7 days", tickHours: 24, namingDays: true),
                ],
                reasons: week.reasons.map { DashboardPage.ReasonRow(reason: $0.reason, day: dayReasons[$0.reason] ?? 0, week: $0.count) },
                realms: population.map { realm in
                    DashboardPage.RealmRow(
                        tenantName: tenantNames[realm.tenantID] ?? realm.tenantID,
                        tenantHref: paths.href(ConsolePaths.tenant(realm.tenantID)), name: realm.displayName, id: realm.realmID,
                        href: paths.href(ConsolePaths.realm(realm.tenantID, realm.realmID)), identities: realm.activeIdentities,
                        credentials: realm.activeCredentials, passkeys: realm.activePasskeys)
                }.sorted { ($0.tenantName, $0.name, $0.id) < ($1.tenantName, $1.name, $1.id) }))
        }
    }
}
