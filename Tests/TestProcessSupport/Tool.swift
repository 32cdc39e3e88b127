import Foundation
public import Testing

/// A program or Python library a test needs that this package does not build: the outside
/// verifiers, clients and servers the tests check the server against.
///
/// A test that needs one says so with ``Testing/Trait/requires(_:sourceLocation:)``. Without the
/// tool it is reported as skipped, saying what is missing — never passed without having
/// checked anything. With `BI_REQUIRE_<TOOL>=1` (``requirementVariable``; `.ci/run` sets one
/// for every tool it installs) a missing tool fails the test instead.
public enum Tool: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `python3` itself (the SMTP test server's raw, misbehaving modes).
    case python3
    /// Python authlib and requests: the unmodified third-party relying party.
    case authlib
    /// Python joserfc and requests: DPoP proofs made by code that is not ours.
    case joserfc
    /// Python cryptography with its X.509 verifier (42 or later).
    case cryptography
    /// Python aiosmtpd: the real SMTP server mail is delivered to.
    case aiosmtpd
    /// Python standardwebhooks: the Standard Webhooks reference library, verifying webhook signatures.
    case standardwebhooks
    /// Python scim2-tester (with scim2-client's httpx2 engine): a SCIM compliance checker that is not ours.
    case scim2tester
    /// Python openapi-spec-validator and openapi-schema-validator: the admin API's document
    /// and answers checked by validators that are not ours.
    case openapi
    /// Python Selenium with Debian's `chromium` and `chromedriver`.
    case chromium
    /// Python webauthn (py_webauthn): a WebAuthn verifier that is not ours.
    case webauthn
    /// Python opentelemetry-proto: the OpenTelemetry collector's own protobuf definitions, with
    /// which the test receiver decodes the spans the server exports.
    case otelproto
    /// `zbarimg` (Debian's zbar-tools), which reads QR codes back.
    case zbar
    /// `openssl` (Debian's openssl), an X.509 verifier that is not ours.
    case openssl
    /// The `sqlite3` command, with which the benchmark's scale mode adds identities.
    case sqlite3
    /// HAProxy (Debian's haproxy): the load balancer in front of several instances.
    case haproxy
    /// glewlwyd (Debian's glewlwyd), an OpenID provider in C the benchmark measures beside ours.
    case glewlwyd
    /// Patroni with etcd and PostgreSQL (Debian's patroni, etcd-server, postgresql): a highly
    /// available database that fails over.
    case patroni

    /// The environment variable that, set to `1`, makes a missing tool fail the tests that need it.
    public var requirementVariable: String { "BI_REQUIRE_\(rawValue.uppercased())" }

    /// Whether this run requires the tool (`BI_REQUIRE_<TOOL>=1`).
    public var isRequired: Bool { ProcessInfo.processInfo.environment[requirementVariable] == "1" }

    /// Whether the tool is there; looked for once per run.
    public var isAvailable: Bool {
        get async { await ToolLookup.shared.isAvailable(self) }
    }

    public var description: String {
        switch self {
        case .python3: "python3 is not installed"
        case .authlib: "python3 cannot import authlib and requests (pip install authlib requests)"
        case .joserfc: "python3 cannot import joserfc and requests (pip install joserfc requests)"
        case .cryptography: "python3 cannot import cryptography.x509.verification (pip install 'cryptography>=42')"
        case .aiosmtpd: "python3 cannot import aiosmtpd (pip install aiosmtpd)"
        case .standardwebhooks: "python3 cannot import standardwebhooks (pip install standardwebhooks)"
        case .scim2tester: "python3 cannot import scim2_tester and httpx2 (pip install 'scim2-tester[httpx2]')"
        case .openapi:
            "python3 cannot import openapi_spec_validator and openapi_schema_validator "
                + "(pip install openapi-spec-validator openapi-schema-validator)"
        case .chromium:
            "python3 cannot import selenium, or \(Python.chromium) or \(Python.chromedriver) is missing "
                + "(pip install selenium; apt-get install chromium chromium-driver)"
        case .webauthn: "python3 cannot import webauthn (pip install webauthn)"
        case .otelproto: "python3 cannot import opentelemetry.proto (pip install opentelemetry-proto)"
        case .zbar: "zbarimg is not installed (apt-get install zbar-tools)"
        case .openssl: "\(Self.opensslPath) is not installed (apt-get install openssl)"
        case .sqlite3: "the sqlite3 command is not on PATH (apt-get install sqlite3)"
        case .haproxy: "\(Self.haproxyPath) is not installed (apt-get install haproxy)"
        case .glewlwyd: "\(Self.glewlwydPath) is not installed (apt-get install glewlwyd)"
        case .patroni:
            "\(Self.patroniPath), \(Self.etcdPath) or PostgreSQL's programs are not installed (apt-get install patroni etcd-server postgresql)"
        }
    }

    /// Where the tests run `openssl` from.
    public static let opensslPath = "/usr/bin/openssl"
    /// Where the tests run `haproxy` from.
    public static let haproxyPath = "/usr/sbin/haproxy"
    /// Where `Scripts/glewlwyd-beside` runs glewlwyd from.
    public static let glewlwydPath = "/usr/bin/glewlwyd"
    /// Where the tests run `patroni` and `etcd` from.
    public static let patroniPath = "/usr/bin/patroni"
    public static let etcdPath = "/usr/bin/etcd"
    /// The directory of the newest PostgreSQL's programs (Debian's `/usr/lib/postgresql/N/bin`), if one is installed.
    public static var postgresBinaries: String? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        return versions.compactMap(Int.init).max().map { "/usr/lib/postgresql/\($0)/bin" }
    }

    /// Looks for the tool: runs `python3` for the Python ones.
    fileprivate func lookUp() async -> Bool {
        switch self {
        case .python3: await Self.python(["-c", "pass"])
        case .authlib: await Self.python(["-c", "import authlib, requests"])
        case .joserfc: await Self.python(["-c", "import joserfc, requests"])
        case .cryptography: await Self.python(["-c", "from cryptography.x509 import verification"])
        case .aiosmtpd: await Self.python(["-c", "import aiosmtpd"])
        case .standardwebhooks: await Self.python(["-c", "import standardwebhooks"])
        case .scim2tester: await Self.python(["-c", "import scim2_tester, httpx2"])
        case .openapi: await Self.python(["-c", "import openapi_spec_validator, openapi_schema_validator"])
        case .chromium:
            [Python.chromium, Python.chromedriver].allSatisfy(FileManager.default.isExecutableFile(atPath:))
                ? await Self.python(["-c", "import selenium"]) : false
        case .webauthn: await Self.python(["-c", "import webauthn"])
        case .otelproto: await Self.python(["-c", "import opentelemetry.proto.collector.trace.v1.trace_service_pb2"])
        case .zbar: Zbar.isInstalled
        case .openssl: FileManager.default.isExecutableFile(atPath: Self.opensslPath)
        case .haproxy: FileManager.default.isExecutableFile(atPath: Self.haproxyPath)
        case .glewlwyd: FileManager.default.isExecutableFile(atPath: Self.glewlwydPath)
        case .patroni:
            [Self.patroniPath, Self.etcdPath, Self.postgresBinaries.map { "\($0)/postgres" } ?? ""]
                .allSatisfy(FileManager.default.isExecutableFile(atPath:))
        case .sqlite3:
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { directory in
                FileManager.default.isExecutableFile(atPath: "\(directory)/sqlite3")
            }
        }
    }

    private static func python(_ arguments: [String]) async -> Bool {
        (try? await Python.run(arguments).status) == 0
    }
}

/// Each tool looked for once, however many tests ask at the same time.
private actor ToolLookup {
    static let shared = ToolLookup()
    private var lookups: [Tool: Task<Bool, Never>] = [:]

    func isAvailable(_ tool: Tool) async -> Bool {
        if let lookup = lookups[tool] { return await lookup.value }
        let lookup = Task { await tool.lookUp() }
        lookups[tool] = lookup
        return await lookup.value
    }
}

/// The trait ``Testing/Trait/requires(_:sourceLocation:)`` makes: before the test, a missing
/// tool skips it (the skip says which tool and how to install it) unless the tool is required;
/// a required tool that is missing fails the test, at the line that asks for it, without
/// running its body.
public struct ToolRequirement: TestTrait, SuiteTrait, TestScoping {
    public let tools: [Tool]
    let sourceLocation: SourceLocation

    public var isRecursive: Bool { true }

    /// The tools this run lacks.
    private func missing() async -> [Tool] {
        var missing: [Tool] = []
        for tool in tools where !(await tool.isAvailable) { missing.append(tool) }
        return missing
    }

    public func prepare(for test: Test) async throws {
        let skipped = await missing().filter { !$0.isRequired }
        guard skipped.isEmpty else {
            let how = skipped.map { "\($0); set \($0.requirementVariable)=1 to fail instead" }
            try Test.cancel(Comment(rawValue: how.joined(separator: "; ")), sourceLocation: sourceLocation)
        }
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Only required tools can be missing here: `prepare(for:)` skipped the test otherwise.
        let missing = await missing()
        guard missing.isEmpty else {
            for tool in missing {
                Issue.record(Comment(rawValue: "\(tool), and \(tool.requirementVariable)=1 requires it"), sourceLocation: sourceLocation)
            }
            return
        }
        try await function()
    }
}

extension Trait where Self == ToolRequirement {
    /// Runs the test only where `tools` are installed: skipped where one is missing, failed
    /// where a missing one is required (`BI_REQUIRE_<TOOL>=1`, as `.ci/run` sets).
    public static func requires(_ tools: Tool..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        ToolRequirement(tools: tools, sourceLocation: sourceLocation)
    }
}
