import DeviceSignIn
import Foundation
import IdentityServer
import IdentityStorage
import Testing
import IdentityServerCore

/// One configuration from flags, environment and file, one precedence rule, and a clear error
/// for every value that does not read (issue 16).
@Suite struct ServerSettingsTests {
    @Test func aFlagWinsOverTheEnvironmentWhichWinsOverTheFileWhichWinsOverTheDefault() throws {
        try withFile(#"{"port": 9001, "host": "0.0.0.0", "lifetimes": {"token": "2h", "authorization_code": 30}}"#) { file in
            let resolved = try ResolvedSettings.resolve(
                flags: ["port": .init(name: "--port", value: "9003")],
                environment: ["BI_PORT": "9002", "BI_HOST": "::1", "BI_TEST_DATABASE_URL": "ignored"], file: file)
            #expect(resolved.configuration.port == 9003)
            #expect(resolved.sources["port"] == .flag("--port"))
            #expect(resolved.configuration.host == "::1")
            #expect(resolved.sources["host"] == .environment("BI_HOST"))
            #expect(resolved.configuration.lifetimes.token == 7200)
            #expect(resolved.configuration.lifetimes.authorizationCode == 30)
            #expect(resolved.sources["lifetimes.token"] == .file(file.path))
            #expect(resolved.configuration.lifetimes.transaction == 300)
            #expect(resolved.sources["lifetimes.transaction"] == .defaultValue)
            #expect(resolved.configuration.sqliteSynchronous == .full, "durable across power loss unless told otherwise")
        }
        let normal = try ResolvedSettings.resolve(environment: ["BI_DATABASE_SQLITE_SYNCHRONOUS": "normal"])
        #expect(normal.configuration.sqliteSynchronous == .normal)
    }

    @Test func tracesAreReadFromOpenTelemetrysOwnVariables() throws {
        let off = try ResolvedSettings.resolve(environment: [:]).configuration.traces
        #expect(off.endpoint == nil && off.sampler == .parentBasedAlwaysOn && off.continueFrom == .trustedProxies)
        let traces = try ResolvedSettings.resolve(environment: [
            "OTEL_EXPORTER_OTLP_ENDPOINT": "https://collector.example:4318", "OTEL_TRACES_SAMPLER": "parentbased_traceidratio",
            "OTEL_TRACES_SAMPLER_ARG": "0.25", "OTEL_EXPORTER_OTLP_HEADERS": "authorization=Bearer%20abc, x-tenant = t1",
            "OTEL_RESOURCE_ATTRIBUTES": "service.instance.id=a", "BI_TRACES_CONTINUE_FROM": "nobody",
        ]).configuration.traces
        #expect(traces.endpoint == "https://collector.example:4318")
        #expect(traces.sampler == .parentBasedTraceIDRatio && traces.samplerRatio == 0.25 && traces.continueFrom == .nobody)
        #expect(traces.headers == ["authorization": "Bearer abc", "x-tenant": "t1"], "values percent-decoded, spaces trimmed")
        #expect(traces.resourceAttributes == ["service.instance.id": "a"])
    }

    @Test(arguments: [
        (["BI_PORT": "abc"], "BI_PORT = 'abc': expected a whole number from 0 to 65535"),
        (["BI_PORT": "70000"], "BI_PORT = '70000': expected a whole number from 0 to 65535"),
        (["BI_LIFETIMES_TOKEN": "5x"], "BI_LIFETIMES_TOKEN = '5x': expected a duration from 60 to 86400 seconds (e.g. 90, 90s, 5m, 12h, 30d)"),
        (["BI_LIFETIMES_TOKEN": "30s"], "BI_LIFETIMES_TOKEN = '30s': expected a duration from 60 to 86400 seconds (e.g. 90, 90s, 5m, 12h, 30d)"),
        (["BI_LOG_LEVEL": "loud"], "BI_LOG_LEVEL = 'loud': expected one of trace, debug, info, notice, warning, error, critical"),
        (["BI_TRUSTED_PROXIES": "10.0.0.0/8, proxy.local"], "BI_TRUSTED_PROXIES = '10.0.0.0/8, proxy.local': expected a list of addresses or CIDR networks; 'proxy.local' is not one"),
        (["BI_HOUSEKEEPING_AUDIT_RETENTION": "60"], "BI_HOUSEKEEPING_AUDIT_RETENTION = '60': expected 0 (forever) or a duration from 86400 to 3153600000 seconds"),
        (["BI_HOST": " "], "BI_HOST = ' ': expected non-empty text"),
        (["BI_DATABASE_SQLITE_SYNCHRONOUS": "off"], "BI_DATABASE_SQLITE_SYNCHRONOUS = 'off': expected one of full, normal"),
        (["BI_TRACES_CONTINUE_FROM": "anyone"], "BI_TRACES_CONTINUE_FROM = 'anyone': expected one of trusted_proxies, everyone, nobody"),
        (["BI_METRICS_ADDRESS": "::1:9464"], "BI_METRICS_ADDRESS = '::1:9464': expected host:port (an IPv6 host in brackets)"),
        (["BI_MAIL_FROM": "a@b.example\nRCPT TO:<x@y>"], "BI_MAIL_FROM = 'a@b.example\nRCPT TO:<x@y>': expected a plain mail address (local@domain)"),
        (["BI_SIGNING_KEYS_PREPUBLICATION": "60"], "BI_SIGNING_KEYS_PREPUBLICATION = '60': expected a duration from 600 to 2592000 seconds (e.g. 90, 90s, 5m, 12h, 30d)"),
        (["BI_PUBLIC_BASE_URL": "https://id.example/idp?x=1"], "BI_PUBLIC_BASE_URL = 'https://id.example/idp?x=1': expected an http or https URL without query or fragment"),
    ])
    func anEnvironmentValueThatDoesNotReadIsAnError(environment: [String: String], message: String) {
        #expect(throws: ServerSetupError.self) { try ResolvedSettings.resolve(environment: environment) }
        #expect(error(of: { try ResolvedSettings.resolve(environment: environment) }) == message)
    }

    @Test func fileValuesOfTheWrongTypeOrUnknownKeysAreErrors() throws {
        try withFile(#"{"lifetimes": {"token": true}}"#) { file in
            #expect(error(of: { try ResolvedSettings.resolve(file: file) })
                == "\(file.path): lifetimes.token = true: expected a duration from 60 to 86400 seconds (e.g. 90, 90s, 5m, 12h, 30d)")
        }
        try withFile(#"{"port": 80.5}"#) { file in
            #expect(error(of: { try ResolvedSettings.resolve(file: file) })
                == "\(file.path): port = 80.5: expected a whole number from 0 to 65535")
        }
        try withFile(#"{"lifetimes": {"tokn": 60}}"#) { file in
            #expect(error(of: { try ResolvedSettings.resolve(file: file) })
                == "the configuration file \(file.path) has 'lifetimes.tokn', which is no setting (bi-server check-config lists them)")
        }
        try withFile(#"["port", 80]"#) { file in
            #expect(error(of: { try ResolvedSettings.resolve(file: file) }) == "the configuration file \(file.path) must hold a JSON object")
        }
        try withFile(#"{"port": 80"#) { file in
            #expect(error(of: { try ResolvedSettings.resolve(file: file) })?.hasPrefix("the configuration file \(file.path) is not valid JSON") == true)
        }
    }

    @Test func listenAddressesParseOnlyHostAndPort() {
        #expect(ListenAddress("127.0.0.1:9464") == ListenAddress("127.0.0.1:9464") && ListenAddress("127.0.0.1:9464")?.port == 9464)
        #expect(ListenAddress("[::1]:9464")?.host == "::1")
        #expect(ListenAddress("[::1]:9464")?.description == "[::1]:9464")
        #expect(ListenAddress("metrics.internal:80")?.host == "metrics.internal")
        for bad in ["9464", ":9464", "host:", "host:65536", "host:-1", "::1:9464", "[host]:1", "a b:1"] {
            #expect(ListenAddress(bad) == nil, "\(bad)")
        }
    }

    /// A secret's value appears neither in an error nor in what `check-config` shows.
    @Test func secretsAreNeverShown() throws {
        try withFile(#"{"database": {"url": 5432}}"#) { file in
            #expect(error(of: { try ResolvedSettings.resolve(file: file) }) == "\(file.path): database.url: expected non-empty text")
        }
        let resolved = try ResolvedSettings.resolve(environment: ["BI_MASTER_KEY": "k3y", "BI_DATABASE_URL": "postgres://u:pw@h/d"])
        let shown = ServerSettings.all.map { $0.value(in: resolved.configuration) }.joined(separator: " ")
        #expect(!shown.contains("k3y") && !shown.contains("pw"))
        #expect(shown.contains("(secret)"))
    }

    /// Every setting has its own key and variable, and the operating guide's table is the code's.
    @Test func theOperatingGuideListsEverySettingAsTheCodeDoes() throws {
        let keys = ServerSettings.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(Set(ServerSettings.all.map(\.environmentVariable)).count == keys.count)
        let guide = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/operating.md"),
            encoding: .utf8)
        let listed = guide.contains(ServerSettings.markdownTable)
        #expect(listed, "update the table in docs/operating.md: bi-server check-config --markdown")
    }

    /// The threat models state the code's numbers: docs/protocol.md derives the chance of guessing
    /// a cross-device code and an email code from the default limits (the cross-device ones once
    /// said 20 and 600 where the code allowed 60 and 6,000).
    @Test func theThreatModelsStateTheDefaultLimits() throws {
        let protocolGuide = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/protocol.md"),
            encoding: .utf8).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "   ", with: " ")
        let crossDevice = ServerConfiguration.CrossDeviceSignIn()
        #expect(protocolGuide.contains("(`cross_device.requests_per_address_per_minute`, \(crossDevice.requestsPerAddressPerMinute); "
            + "`cross_device.requests_per_minute`, \(crossDevice.requestsPerMinute))"))
        #expect(protocolGuide.contains("at \(crossDevice.requestsPerMinute) lookups a minute for \(Int(crossDevice.lifetime / 60)) minutes"))
        let emailCodes = ServerConfiguration.EmailCodes()
        #expect(protocolGuide.contains("\(emailCodes.codesPerRecipientPerDay) a day asked from any one network"))
        #expect(protocolGuide.contains("\(emailCodes.codesPerRecipientPerDayAllNetworks) a day from all networks together"))
        #expect(protocolGuide.contains("\(emailCodes.codesPerRecipientPerDayAllNetworks) codes a day per address from all networks and "
            + "\(emailCodes.attempts) tries each"))
    }

    private func withFile(_ json: String, _ body: (URL) throws -> Void) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bi-settings-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try body(file)
    }

    private func error(of body: () throws -> ResolvedSettings) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
