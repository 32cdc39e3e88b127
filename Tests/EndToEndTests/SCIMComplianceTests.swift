import Foundation
import Testing
import TestProcessSupport
import ServerTestSupport

/// The SCIM service held to a third-party compliance checker: scim2-tester (from PyPI, unmodified;
/// `.ci/run` installs it) reads what /ServiceProviderConfig, /ResourceTypes and /Schemas say is
/// served and checks all of it on a live server — the discovery endpoints, then for each resource
/// type published its creation, reads, lists with `attributes`, replacement, deletion and each
/// PATCH operation (`ThirdParty/scim_tester.py`; what the configuration says is not supported is
/// skipped, not failed).
@Suite struct SCIMComplianceTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/scim_tester.py").path

    @Test(.requires(.scim2tester)) func scim2TesterPassesEveryCheckThatApplies() async throws {
        try await RunningServer.withRealm(.live) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let token = try #require(scim.bearer)
            let result = try await Python.run([Self.script, "\(server.baseURL)\(base)", token])
            // The script prints each check's status and reason, and exits 1 if one failed.
            #expect(result.status == 0, "scim2-tester:\n\(result.output)\n\(result.errors)")
            // Both resource types were checked, not skipped (a service publishing none would pass).
            for type in ["User", "Group"] {
                #expect(result.output.contains("SUCCESS    \(type) "), "no \(type) check passed:\n\(result.output)")
            }
        }
    }
}
