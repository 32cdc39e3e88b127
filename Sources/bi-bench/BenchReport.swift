import Foundation

/// What a run measured, printed as a table (with the targets of issue 15 beside the figures)
/// and as one JSON line for scripts.
struct BenchReport {
    /// The same sign-ins on one server instance and on several sharing one database.
    struct ScaleOut {
        let one: PhaseResult
        let all: PhaseResult
        let instances: Int

        /// Sign-ins per second on every instance over those on one.
        var speedup: Double { all.rate / one.rate }
    }

    let date: Date
    let cores: Int
    let engine: String
    /// How the server has the Swift runtime (``ProcessStats/swiftRuntime(_:)``).
    var swiftRuntime = SwiftRuntime.shared
    /// Identities added without a device (the scale mode).
    var identities = 0
    var idleRSS = 0.0
    var finalRSS = 0.0
    /// The server's peak RSS over SCIM list pages of the added identities (the scale mode).
    var scimListPeakRSS: Double?
    /// Microseconds of one P-256 verify and of one ES256 signature.
    var floor = (verify: 0.0, sign: 0.0)
    var enrollment: PhaseResult?
    var secondDevice: PhaseResult?
    var scaleOut: ScaleOut?
    var login: PhaseResult?
    /// Sign-ins with a passkey on the hosted page (authorize, options, assertion, token).
    var passkeyLogin: PhaseResult?
    /// The same sign-ins on a server with `synchronous=NORMAL` (SQLite): what FULL's syncs cost.
    var unsyncedLogin: PhaseResult?
    /// The same sign-ins on a server recording every span and exporting it: what tracing costs.
    var tracedLogin: PhaseResult?
    /// How many exports the traced server made (a check that it traced).
    var spanExports: Int?
    var steps: [PhaseResult] = []
    var latency: PhaseResult?
    var endpoints: [PhaseResult] = []
    /// The same plain requests (`/jwks`, discovery) to glewlwyd, a C OpenID provider, in the same sitting.
    var glewlwydEndpoints: [PhaseResult] = []

    /// The crypto floor of one sign-in: one verify, two signatures.
    var floorMicroseconds: Double { floor.verify + 2 * floor.sign }

    var table: String {
        var rows: [(String, String, String)] = []
        func add(_ name: String, _ value: String, _ target: String = "") { rows.append((name, value, target)) }
        if let login {
            add("server CPU per sign-in", us(login.serverMicroseconds), "≤ 600 µs")
            add("× crypto floor (\(us(floorMicroseconds)))", String(format: "%.1f×", login.serverMicroseconds / floorMicroseconds), "≤ 6×")
            add("sign-ins per second", String(format: "%.0f", login.rate), "≥ 1,500 (one core)")
            add("context switches per sign-in", String(format: "%.1f", login.contextSwitchesPerOperation))
            if let database = login.databaseMicroseconds { add("database CPU per sign-in", us(database), "≤ 800 µs") }
        }
        if let login, let unsyncedLogin {
            add(
                "  with synchronous=NORMAL instead",
                String(format: "%@, %.0f/s (FULL: +%@, −%.0f%%)", us(unsyncedLogin.serverMicroseconds), unsyncedLogin.rate,
                       us(login.serverMicroseconds - unsyncedLogin.serverMicroseconds), 100 * (1 - login.rate / unsyncedLogin.rate)))
        }
        if let login, let tracedLogin {
            add(
                "  traced (every span exported)",
                String(format: "%@, %.0f/s (tracing: %+.1f%% CPU, %d exports)", us(tracedLogin.serverMicroseconds), tracedLogin.rate,
                       100 * (tracedLogin.serverMicroseconds / login.serverMicroseconds - 1), spanExports ?? 0))
        }
        for step in steps { add("  \(step.name)", us(step.serverMicroseconds) + " CPU") }
        if let passkeyLogin {
            add("server CPU per passkey sign-in (hosted page)", us(passkeyLogin.serverMicroseconds))
            add("  passkey sign-ins per second", String(format: "%.0f", passkeyLogin.rate))
        }
        if let extra = dpopTokenExtraMicroseconds { add("DPoP token request, extra over bearer", us(extra), "≤ 150 µs") }
        if let latency {
            add("one sign-in alone, p50", ms(latency.percentile(0.5)), "≤ 1.5 ms")
            add("one sign-in alone, p99", ms(latency.percentile(0.99)), "≤ 3 ms")
        }
        let jwks = endpoints.first { $0.name == "/jwks" }
        for endpoint in endpoints {
            var value = String(format: "%@, %.1f switches", us(endpoint.serverMicroseconds), endpoint.contextSwitchesPerOperation)
            var target = ""
            if endpoint.name.hasPrefix("/userinfo"), let jwks {
                value += String(format: " (%.1f× /jwks)", endpoint.serverMicroseconds / jwks.serverMicroseconds)
                if endpoint.name == "/userinfo" { target = "≤ 2× /jwks" }
            }
            if let glewlwyd = glewlwydEndpoints.first(where: { $0.name == "glewlwyd \(endpoint.name)" }) {
                target = "≤ glewlwyd's \(us(glewlwyd.serverMicroseconds))"
            }
            add("\(endpoint.name) CPU per request", value, target)
        }
        // Its switches are not counted: its threads live as long as a connection, and /proc
        // forgets the switches of a thread that has ended.
        for endpoint in glewlwydEndpoints { add("\(endpoint.name) CPU per request", us(endpoint.serverMicroseconds)) }
        if let enrollment {
            add("enrollments per second", String(format: "%.0f", enrollment.rate))
            add("server CPU per enrollment", us(enrollment.serverMicroseconds))
        }
        if let secondDevice {
            add("second devices per second", String(format: "%.0f", secondDevice.rate))
            add("server CPU per second device", us(secondDevice.serverMicroseconds))
        }
        if let scaleOut {
            add(
                "sign-ins/s, 1 → \(scaleOut.instances) instances",
                String(format: "%.0f → %.0f (%.2f×)", scaleOut.one.rate, scaleOut.all.rate, scaleOut.speedup), "≥ 1.7×")
            add(
                "  CPU per sign-in, servers + database",
                String(format: "%@ + %@ → %@ + %@", us(scaleOut.one.serverMicroseconds), us(scaleOut.one.databaseMicroseconds ?? 0),
                       us(scaleOut.all.serverMicroseconds), us(scaleOut.all.databaseMicroseconds ?? 0)))
        }
        add("RSS idle / after", String(format: "%.0f / %.0f MiB", idleRSS, finalRSS), "idle ≤ 30 MB")
        if let scimListPeakRSS {
            add("RSS peak, SCIM lists over \(identities) users of 16 KiB, 1,000 values", String(format: "%.0f MiB", scimListPeakRSS), "< 100 MB")
        }
        let width = rows.map(\.0.count).max() ?? 0
        let valueWidth = rows.map(\.1.count).max() ?? 0
        let scale = identities > 0 ? ", \(identities) more identities" : ""
        let title = "bi-bench \(engine)\(scale), \(cores) cores, Swift runtime \(swiftRuntime.rawValue), \(ISO8601DateFormatter().string(from: date))"
        return ([title] + rows.map { name, value, target in
            name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) + (target.isEmpty ? "" : "  target \(target)")
        }).joined(separator: "\n")
    }

    var jsonLine: String {
        var object: [String: Any] = [
            "engine": engine, "cores": cores, "swift_runtime": swiftRuntime.rawValue, "extra_identities": identities, "date": ISO8601DateFormatter().string(from: date),
            "rss_idle_mib": round1(idleRSS), "rss_final_mib": round1(finalRSS),
            "floor_us": round1(floorMicroseconds), "p256_verify_us": round1(floor.verify), "es256_sign_us": round1(floor.sign),
        ]
        if let login {
            object["logins_per_second"] = round1(login.rate)
            object["server_cpu_us_per_login"] = round1(login.serverMicroseconds)
            object["floor_ratio"] = round1(login.serverMicroseconds / floorMicroseconds)
            object["context_switches_per_login"] = round1(login.contextSwitchesPerOperation)
            if let database = login.databaseMicroseconds { object["database_cpu_us_per_login"] = round1(database) }
        }
        if let scimListPeakRSS { object["rss_scim_list_peak_mib"] = round1(scimListPeakRSS) }
        if let passkeyLogin {
            object["server_cpu_us_per_passkey_login"] = round1(passkeyLogin.serverMicroseconds)
            object["passkey_logins_per_second"] = round1(passkeyLogin.rate)
        }
        if let unsyncedLogin {
            object["logins_per_second_synchronous_normal"] = round1(unsyncedLogin.rate)
            object["server_cpu_us_per_login_synchronous_normal"] = round1(unsyncedLogin.serverMicroseconds)
        }
        if let tracedLogin {
            object["logins_per_second_traced"] = round1(tracedLogin.rate)
            object["server_cpu_us_per_login_traced"] = round1(tracedLogin.serverMicroseconds)
        }
        for step in steps { object["step_\(Self.key(step.name))_cpu_us"] = round1(step.serverMicroseconds) }
        if let extra = dpopTokenExtraMicroseconds { object["dpop_token_extra_cpu_us"] = round1(extra) }
        if let latency {
            object["latency_p50_ms"] = (latency.percentile(0.5) * 100).rounded() / 100
            object["latency_p99_ms"] = (latency.percentile(0.99) * 100).rounded() / 100
        }
        for endpoint in endpoints {
            object["\(Self.key(endpoint.name))_cpu_us"] = round1(endpoint.serverMicroseconds)
            object["\(Self.key(endpoint.name))_context_switches"] = round1(endpoint.contextSwitchesPerOperation)
        }
        for endpoint in glewlwydEndpoints { object["\(Self.key(endpoint.name))_cpu_us"] = round1(endpoint.serverMicroseconds) }
        if let enrollment {
            object["enrollments_per_second"] = round1(enrollment.rate)
            object["server_cpu_us_per_enrollment"] = round1(enrollment.serverMicroseconds)
        }
        if let secondDevice {
            object["second_devices_per_second"] = round1(secondDevice.rate)
            object["server_cpu_us_per_second_device"] = round1(secondDevice.serverMicroseconds)
        }
        if let scaleOut {
            object["instances"] = scaleOut.instances
            object["logins_per_second_one_instance"] = round1(scaleOut.one.rate)
            object["logins_per_second_all_instances"] = round1(scaleOut.all.rate)
            object["server_cpu_us_per_login_all_instances"] = round1(scaleOut.all.serverMicroseconds)
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// What a DPoP-bound code exchange costs over a bearer one, when both were measured.
    var dpopTokenExtraMicroseconds: Double? {
        guard let bearer = steps.first(where: { $0.name == "token" }), let dpop = steps.first(where: { $0.name == "token (DPoP)" })
        else { return nil }
        return dpop.serverMicroseconds - bearer.serverMicroseconds
    }

    /// A phase's name as a JSON key: lower case, each run of other characters one `_`
    /// (`/userinfo (DPoP)` → `userinfo_dpop`).
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: "_")
    }

    private func us(_ value: Double) -> String { String(format: "%.0f µs", value) }
    private func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
    private func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
