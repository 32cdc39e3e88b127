import Foundation
import TestProcessSupport
import Testing
import ServerTestSupport

/// `bi-bench` runs its whole script against a real `bi-server` process (here the debug build,
/// with a few devices): every sign-in step must succeed for it to report, so a change that
/// breaks the protocol the benchmark speaks fails here rather than on the next person to
/// measure. The figures themselves are not judged: the benchmark prints, people judge.
@Suite struct BenchTests {
    /// `--identities` adds them with the `sqlite3` command.
    @Test(.requires(.sqlite3)) func theBenchmarkSignsInAndReportsEveryFigure() async throws {
        let result = try await BICommand.run(
            ["--devices", "3", "--identities", "20", "--logins", "12", "--latency-logins", "4", "--requests", "6",
             "--concurrency", "2", "--json"],
            program: "bi-bench")
        #expect(result.status == 0, "\(result.stderr)")
        let report = result.json
        #expect(report["engine"] as? String == "sqlite")
        #expect(report["extra_identities"] as? Int == 20)
        #expect((report["logins_per_second"] as? Double ?? 0) > 0)
        #expect((report["enrollments_per_second"] as? Double ?? 0) > 0)
        #expect((report["second_devices_per_second"] as? Double ?? 0) > 0)
        #expect((report["latency_p50_ms"] as? Double ?? 0) > 0)
        #expect((report["floor_us"] as? Double ?? 0) > 0)
        // Every request wakes a thread of the server at least once: zero would be a counter that reads nothing.
        #expect((report["context_switches_per_login"] as? Double ?? 0) >= 1)
        let figures = ["server_cpu_us_per_login", "step_authorize_cpu_us", "step_challenge_cpu_us", "step_authenticate_cpu_us",
                       "step_token_cpu_us", "healthz_cpu_us", "jwks_cpu_us", "discovery_cpu_us", "userinfo_cpu_us",
                       "rss_idle_mib", "rss_final_mib", "rss_scim_list_peak_mib", "server_cpu_us_per_login_synchronous_normal", "logins_per_second_synchronous_normal"]
        for figure in figures {
            #expect(report[figure] is Double, "\(figure) is missing")
        }
    }

    /// `--beside-glewlwyd` starts glewlwyd with `Scripts/glewlwyd-beside` (from the package's
    /// root, where the tests run) and measures its JWKS and discovery document as ours.
    @Test(.requires(.glewlwyd, .sqlite3, .openssl)) func theBenchmarkMeasuresGlewlwydBeside() async throws {
        let result = try await BICommand.run(
            ["--devices", "2", "--second-devices", "0", "--logins", "4", "--runs", "1", "--latency-logins", "2",
             "--requests", "20", "--concurrency", "2", "--no-synchronous-comparison", "--beside-glewlwyd", "--json"],
            program: "bi-bench")
        #expect(result.status == 0, "\(result.stderr)")
        for figure in ["glewlwyd_jwks_cpu_us", "glewlwyd_discovery_cpu_us", "jwks_cpu_us", "discovery_cpu_us"] {
            #expect(result.json[figure] is Double, "\(figure) is missing: \(result.stdout)")
        }
        // glewlwyd's threads end with their connections, taking their switches with them: no count rather than a false 0.
        #expect(result.json["glewlwyd_jwks_context_switches"] == nil && result.json["jwks_context_switches"] is Double)
    }

    /// The many-realms mode creates and touches its realms and signs in before and after.
    @Test func theManyRealmsModeReportsMemoryAndRates() async throws {
        let result = try await BICommand.run(
            ["--realms", "12", "--logins", "4", "--concurrency", "2"], program: "bi-bench")
        #expect(result.status == 0, "\(result.stderr)")
        for line in ["| RSS after touching 12 realms |", "| sign-ins/s, over 4 realms, at 12 more realms |", "| JWKS of a realm last used 12 realms ago"] {
            #expect(result.stdout.contains(line), "\(result.stdout)")
        }
    }

    /// Two instances on one PostgreSQL database: sign-ins spread over both succeed (they share
    /// the master key and the schema), and the scale-out figures are reported.
    @Test(.enabled(if: TestDatabase.url != nil, "BI_TEST_DATABASE_URL is not set"))
    func twoInstancesShareOneDatabase() async throws {
        let result = try await BICommand.run(
            ["--devices", "2", "--second-devices", "1", "--logins", "8", "--runs", "1", "--latency-logins", "2",
             "--requests", "2", "--concurrency", "2", "--database-url", TestDatabase.url ?? "", "--instances", "2", "--json"],
            program: "bi-bench")
        #expect(result.status == 0, "\(result.stderr)")
        let report = result.json
        #expect(report["engine"] as? String == "postgresql")
        #expect(report["instances"] as? Int == 2)
        #expect((report["logins_per_second_all_instances"] as? Double ?? 0) > 0)
        #expect(report["database_cpu_us_per_login"] is Double)
    }
}

