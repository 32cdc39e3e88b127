import Foundation
import IdentityProtocol

/// The SCIM list phase of the scale mode: a realm's directory listed page by page, and by a
/// filter, through a provisioning token, while the server's peak resident set is watched. Pages
/// are read from the store (filtered and paged in its query), so the peak must not grow with the
/// directory: a few MiB of JSON per page, whatever the number of users.
enum SCIMListingPhase {
    /// How many users one page asks for (the service's most).
    static let pageSize = 200

    /// Lists the first `pages` pages of `realm`'s users, then filters by one user's name;
    /// returns the server's peak RSS in MiB over those requests (the peak is reset first).
    static func peakRSS(on process: ServerProcess, realm: BenchRealm, adminToken: String, pages: Int) throws -> Double {
        let connection = try HTTPConnection(host: process.loadTarget.host, port: process.loadTarget.port)
        let token = try AdminClient(connection: connection, token: adminToken).post(
            AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: realm.realmID), ProvisioningTokenInput(label: "bench"),
            as: ProvisioningToken.self)
        guard let secret = token.token else { throw BenchError("the provisioning token was not shown") }
        let headers = [("Authorization", "Bearer \(secret)")]
        ProcessStats.resetPeakResident(process.pid)
        for page in 0..<pages {
            try connection.send("GET", "\(realm.issuerPath)/scim/v2/Users?startIndex=\(1 + page * pageSize)&count=\(pageSize)", headers: headers)
                .expect(200, what: "SCIM list page \(page + 1)")
        }
        try connection.send("GET", "\(realm.issuerPath)/scim/v2/Users?filter=userName+eq+%22bulk-1%22", headers: headers)
            .expect(200, what: "SCIM filtered list")
        return ProcessStats.peakResidentMiB(process.pid)
    }
}
