// swift-tools-version:6.1
import PackageDescription

/// Strict settings for every target of ours, as hummingbird sets them for its own.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The server's release link on Linux (measured in docs/performance.md, the eighth slice): lld
/// packs the executable's 165,000 relative relocations (DT_RELR, glibc 2.36 or later) where the
/// loader otherwise reads 4 MB of them at every start; the executable exports no dynamic symbols
/// (the static Swift runtime links with `-export-dynamic`: 5.4 MB of symbol tables that nothing
/// looks up, and every exported function kept from `--gc-sections`); and the functions a server
/// runs come first, together (`Link/`: the order `Scripts/order-server-functions` writes, and the
/// unnamed ones grouped), so that it maps a few megabytes of its code, not most of it. The
/// order takes effect where functions have sections of their own: the standard library's, and
/// everything built with `Link/function-sections.toolset.json` as the production build is.
/// The Swift runtime and Foundation are linked in (`-static-stdlib`) by every release build, not
/// only by `--static-swift-stdlib`: the shared libraries cost an idle server 13 MB more (50 MB
/// against 37 for a plain `swift build -c release`); the static Foundation's own dependencies,
/// which `--static-swift-stdlib` adds as it compiles, are named here.
let serverLink = Context.packageDirectory + "/Sources/bi-server/Link"
let leanServerLink: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-static-stdlib", "-lFoundationEssentials", "-lFoundationInternationalization", "-l_FoundationCollections",
            "-l_FoundationICU", "-l_FoundationCShims", "-lCoreFoundation", "-lswiftSynchronization",
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
            "-Xlinker", "--symbol-ordering-file=\(serverLink)/bi-server.order", "-Xlinker", "--no-warn-symbol-ordering",
            "-Xlinker", "-T", "-Xlinker", "\(serverLink)/local-functions.lds",
        ],
        .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "beyond-identity-swift",
    // What the code needs: Synchronization's Mutex (the SDK's locks) is macOS 15 / iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "BeyondIdentityEmbedded", targets: ["BeyondIdentityEmbedded"]),
        .library(name: "BeyondIdentityEmbeddedUI", targets: ["BeyondIdentityEmbeddedUI"]),
        .library(name: "BeyondIdentityResourceServer", targets: ["BeyondIdentityResourceServer"]),
        .library(name: "BeyondIdentityHummingbird", targets: ["BeyondIdentityHummingbird"]),
        .library(name: "IdentityServer", targets: ["IdentityServer"]),
        .executable(name: "bi-server", targets: ["bi-server"]),
        .executable(name: "bi", targets: ["bi"]),
        .executable(name: "bi-bench", targets: ["bi-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/vapor/sql-kit", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Webhook deliveries: a real HTTP client (no redirects followed, the address pinned once checked).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // The console's templates: HTML-escaping by default, partials and inheritance.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        // Traces: the tracing API (spans, links, context propagation) and its OpenTelemetry backend,
        // exporting OTLP over HTTP only (the gRPC exporter's dependencies would double the build).
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        // `swift package generate-documentation`: the DocC catalogues (README, "What is in the package").
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Wire types and URL formats shared by the SDK and the server.
        .target(
            name: "IdentityProtocol",
            dependencies: [.product(name: "Crypto", package: "swift-crypto"), .product(name: "JWTKit", package: "jwt-kit")],
            swiftSettings: strict
        ),
        // The server's spans: the tracer of the server a task serves (none: tracing off, nothing
        // spent), spans and links over it. Every layer records through it; only the server's
        // composition knows the backend.
        .target(
            name: "ServerTracing",
            dependencies: [.product(name: "Tracing", package: "swift-distributed-tracing")],
            swiftSettings: strict
        ),
        // One storage contract, two engines (SQLite, PostgreSQL).
        .target(
            name: "IdentityStorage",
            dependencies: [
                "CSQLiteSettings",
                "ServerTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // What Swift cannot say to SQLite itself (a variadic C call).
        .target(name: "CSQLiteSettings"),
        // Random bytes in one system call (Swift's generator asks the kernel for 8 at a time).
        .target(name: "CSystemRandom"),
        // The server's foundation: HTTP plumbing, the error model, logging, metrics, audit, rate
        // limits, the delivery queues' loop, secrets and mail's values. It knows no feature.
        // WebAuthn Level 3 verification (registrations, assertions, attestation, COSE keys, a
        // bounded CBOR decoder) for browser passkeys; no server types.
        .target(
            name: "WebAuthn",
            dependencies: [
                "IdentityProtocol",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "IdentityServerCore",
            dependencies: [
                "IdentityProtocol",
                "IdentityStorage",
                "CSystemRandom",
                "ServerTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: strict
        ),
        // The realms' keys: token signing and its rotation's keys, the realm CAs, sealed secrets, keyed codes.
        .target(
            name: "RealmKeys",
            dependencies: [
                "IdentityServerCore",
                "ServerTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                "IdentityProtocol",
                "IdentityStorage",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // Mail delivery: SMTP (STARTTLS or TLS), sendmail, the .eml directory, and the mail queue's worker.
        .target(
            name: "MailDelivery",
            dependencies: [
                "IdentityServerCore",
                "ServerTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                "IdentityStorage",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // Webhook delivery: signed events posted to checked, pinned addresses, retried from the queue.
        .target(
            name: "WebhookDelivery",
            dependencies: [
                "IdentityServerCore",
                "ServerTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                "IdentityStorage",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        // The OpenID provider of each realm: authorize, token, userinfo, revocation, introspection,
        // end session, discovery, DPoP and assurance.
        .target(
            name: "OpenIDProvider",
            dependencies: [
                "IdentityServerCore",
                "ServerTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                "RealmKeys",
                "IdentityProtocol",
                "IdentityStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict
        ),
        // Device sign-in: enrollment (an app's device key, or a passkey in the browser), the device
        // API, cross-device sign-in and its hosted page, email codes, credential extension.
        .target(
            name: "DeviceSignIn",
            dependencies: [
                "IdentityServerCore",
                "ServerTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                "WebAuthn",
                "RealmKeys",
                "OpenIDProvider",
                "IdentityProtocol",
                "IdentityStorage",
                "QRCodeEncoder",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        // Administration: the admin API, SCIM, webhook endpoints, the OpenAPI document.
        .target(
            name: "Administration",
            dependencies: [
                "IdentityServerCore",
                "RealmKeys",
                "OpenIDProvider",
                "MailDelivery",
                "WebhookDelivery",
                "IdentityProtocol",
                "IdentityStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The operators' web console: server-rendered pages over administration's services.
        .target(
            name: "AdminConsole",
            dependencies: [
                "IdentityServerCore",
                "Administration",
                "OpenIDProvider",
                "WebhookDelivery",
                "IdentityProtocol",
                "IdentityStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The identity server: its options, the composition of the features, maintenance.
        .target(
            name: "IdentityServer",
            dependencies: [
                "IdentityServerCore",
                "RealmKeys",
                "MailDelivery",
                "WebhookDelivery",
                "OpenIDProvider",
                "DeviceSignIn",
                "Administration",
                "AdminConsole",
                "IdentityProtocol",
                "IdentityStorage",
                "ServerTracing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                "CServerRuntime",
            ],
            swiftSettings: strict
        ),
        // What the server needs from C: the global-enqueue hook of Swift concurrency, the CPU affinity mask.
        .target(name: "CServerRuntime"),
        .executableTarget(
            name: "bi-server",
            dependencies: [
                "IdentityServer", "IdentityServerCore",
                "IdentityProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Link"],
            swiftSettings: strict,
            linkerSettings: leanServerLink
        ),
        // A small QR code encoder (no Swift QR library in the mirror; no C dependency for SDK users).
        .target(name: "QRCodeEncoder", swiftSettings: strict),
        // The SDK an app links.
        .target(
            name: "BeyondIdentityEmbedded",
            dependencies: [
                "IdentityProtocol",
                "QRCodeEncoder",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict
        ),
        // For resource servers: verifies our access tokens and their DPoP proofs, on any framework.
        .target(
            name: "BeyondIdentityResourceServer",
            dependencies: ["IdentityProtocol", .product(name: "JWTKit", package: "jwt-kit")],
            swiftSettings: strict
        ),
        // The verifier as a Hummingbird middleware.
        .target(
            name: "BeyondIdentityHummingbird",
            dependencies: ["BeyondIdentityResourceServer", .product(name: "Hummingbird", package: "hummingbird")],
            swiftSettings: strict
        ),
        // The seed-003 screens: a platform-neutral flow model, a terminal presenter, thin Apple views.
        .target(
            name: "BeyondIdentityEmbeddedUI",
            dependencies: ["BeyondIdentityEmbedded", "QRCodeEncoder"],
            swiftSettings: strict
        ),
        // Sample app on the SDK, admin client and one-command demo.
        .executableTarget(
            name: "bi",
            dependencies: [
                "BeyondIdentityEmbedded",
                "BeyondIdentityEmbeddedUI",
                "QRCodeEncoder",
                "IdentityServer", "IdentityServerCore",
                "IdentityProtocol",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // The benchmark: a release bi-server in its own process, load from this one (docs/performance.md).
        .executableTarget(
            name: "bi-bench",
            dependencies: [
                "IdentityProtocol",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "IdentityStorageTests",
            dependencies: [
                "IdentityStorageTestSupport",
                "IdentityStorage",
                "TestProcessSupport",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The core's own tests: nothing above it is linked in.
        .testTarget(
            name: "IdentityServerCoreTests",
            dependencies: [
                "IdentityServerCore",
                "ServerTracing",
                "IdentityProtocol",
                "IdentityStorage",
                "TestProcessSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: strict
        ),
        // Each feature's unit tests (services over ServerTestSupport's fixture, templates, parsers), one target per feature.
        .testTarget(
            name: "RealmKeysTests",
            dependencies: [
                "RealmKeys", "DeviceSignIn", .product(name: "X509", package: "swift-certificates"),
                .product(name: "JWTKit", package: "jwt-kit"), .product(name: "SwiftASN1", package: "swift-asn1"),
                "IdentityStorageTestSupport",
                "ServerTestSupport", "IdentityServerCore", "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OpenIDProviderTests",
            dependencies: [
                "OpenIDProvider", "DeviceSignIn", "RealmKeys", .product(name: "X509", package: "swift-certificates"),
                .product(name: "JWTKit", package: "jwt-kit"), .product(name: "SwiftASN1", package: "swift-asn1"),
                "ServerTestSupport", "IdentityServerCore", "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "DeviceSignInTests",
            dependencies: [
                "DeviceSignIn", "WebAuthn", .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                "ServerTestSupport", "IdentityServerCore", "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdministrationTests",
            dependencies: [
                "Administration", "IdentityStorageTestSupport", .product(name: "Logging", package: "swift-log"),
                "ServerTestSupport", "IdentityServerCore", "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdminConsoleTests",
            dependencies: [
                "AdminConsole", "IdentityStorageTestSupport",
                "ServerTestSupport", "IdentityServerCore", "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebhookDeliveryTests",
            dependencies: [
                "WebhookDelivery",
                "ServerTestSupport", "IdentityServerCore", "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The composition's tests (settings, housekeeping) and rules over the whole package's sources.
        .testTarget(
            name: "IdentityServerTests",
            dependencies: [
                "IdentityServer", "DeviceSignIn", "IdentityStorageTestSupport", .product(name: "Logging", package: "swift-log"),
                "ServerTestSupport", "IdentityServerCore", "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The running-server harness (a real server in this process on a loopback port, a device,
        // a relying party, a browser's cookie jar), the service fixture (services over a fresh
        // store, no HTTP) and the one test clock; every server test target builds on it.
        .target(
            name: "ServerTestSupport",
            dependencies: [
                "IdentityServer", "IdentityServerCore", "RealmKeys", "OpenIDProvider", "DeviceSignIn", "Administration", "AdminConsole",
                "IdentityStorage", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Tests/ServerTestSupport", swiftSettings: strict
        ),
        // Test helpers that run child processes (bi, zbarimg, Python helpers) through swift-subprocess,
        // without blocking the cooperative pool.
        .target(
            name: "TestProcessSupport", dependencies: [.product(name: "Subprocess", package: "swift-subprocess")],
            path: "Tests/TestProcessSupport", swiftSettings: strict
        ),
        // The store's changes without an audit event and other shorthands that tests set scenes up with.
        .target(
            name: "IdentityStorageTestSupport", dependencies: ["IdentityStorage"], path: "Tests/IdentityStorageTestSupport",
            swiftSettings: strict
        ),
        // A scripted presenter and an app stand-in for driving EmbeddedUI flows in tests.
        .target(
            name: "UITestSupport", dependencies: ["BeyondIdentityEmbeddedUI"], path: "Tests/UITestSupport",
            swiftSettings: strict
        ),
        // libFuzzer targets (Fuzz/run builds them with -sanitize=fuzzer); built plainly, each
        // replays the files it is given, as the test suite does with the seed corpus.
        .target(name: "FuzzSupport", dependencies: ["IdentityProtocol"], path: "Fuzz/Support", swiftSettings: strict),
        .executableTarget(
            name: "FuzzServerInputs",
            dependencies: [
                "FuzzSupport", "IdentityServerCore", "DeviceSignIn", "IdentityProtocol",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            path: "Fuzz/ServerInputs", swiftSettings: strict),
        .executableTarget(
            name: "FuzzTokenInputs",
            dependencies: [
                "FuzzSupport", "IdentityServerCore", "RealmKeys", "IdentityProtocol", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            path: "Fuzz/TokenInputs", swiftSettings: strict),
        .executableTarget(
            name: "FuzzSCIMInputs", dependencies: ["FuzzSupport", "IdentityServerCore", "Administration"], path: "Fuzz/SCIMInputs", swiftSettings: strict),
        .executableTarget(
            name: "FuzzSDKInputs",
            dependencies: ["FuzzSupport", "BeyondIdentityEmbedded", "IdentityProtocol", .product(name: "JWTKit", package: "jwt-kit")],
            path: "Fuzz/SDKInputs", swiftSettings: strict),
        .executableTarget(
            name: "FuzzWebAuthnInputs", dependencies: ["FuzzSupport", "WebAuthn"], path: "Fuzz/WebAuthnInputs", swiftSettings: strict),
        .executableTarget(
            name: "FuzzQRCodeInput", dependencies: ["FuzzSupport", "QRCodeEncoder"], path: "Fuzz/QRCodeInput", swiftSettings: strict),
        .testTarget(
            name: "WebAuthnTests",
            dependencies: [
                "WebAuthn", "IdentityProtocol",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            resources: [.copy("Vectors")],
            swiftSettings: strict
        ),
        .testTarget(name: "QRCodeEncoderTests", dependencies: ["QRCodeEncoder", "TestProcessSupport"], swiftSettings: strict),
        .testTarget(
            name: "BeyondIdentityEmbeddedTests",
            dependencies: ["BeyondIdentityEmbedded", "IdentityProtocol", "TestProcessSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BeyondIdentityEmbeddedUITests",
            dependencies: ["BeyondIdentityEmbeddedUI", "BeyondIdentityEmbedded", "UITestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ResourceServerTests",
            dependencies: [
                "BeyondIdentityResourceServer", "BeyondIdentityHummingbird", "IdentityProtocol", "TestProcessSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "ServerTestSupport",
                "IdentityStorageTestSupport",
                "BeyondIdentityResourceServer",
                "BeyondIdentityHummingbird",
                "TestProcessSupport",
                "UITestSupport",
                "BeyondIdentityEmbeddedUI",
                "QRCodeEncoder",
                "BeyondIdentityEmbedded",
                "IdentityServer", "IdentityServerCore", "RealmKeys", "MailDelivery", "DeviceSignIn",
                "IdentityStorage",
                "IdentityProtocol",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["ThirdParty"],
            swiftSettings: strict
        ),
    ]
)
