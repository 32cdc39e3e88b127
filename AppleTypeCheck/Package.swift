// swift-tools-version:6.1
import PackageDescription

/// Type-checks the SDK's Apple-only code on Linux: the SDK's and EmbeddedUI's own sources
/// (symlinked, unchanged) compiled against stand-in modules named like the Apple frameworks
/// they use, so `canImport(CryptoKit)`, `canImport(UIKit)`, `canImport(SwiftUI)` and the others
/// hold here as on iOS.
/// Kept out of the main package's graph, where those checks must stay false. `./run` builds it.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "apple-type-check",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
    ],
    targets: [
        // Stand-ins: each declares exactly what our code uses, with Apple's documented signature cited.
        .target(name: "Security", path: "StandIns/Security"),
        .target(name: "LocalAuthentication", path: "StandIns/LocalAuthentication"),
        .target(
            name: "CryptoKit",
            dependencies: ["Security", "LocalAuthentication", .product(name: "Crypto", package: "swift-crypto")],
            path: "StandIns/CryptoKit"),
        .target(name: "CoreGraphics", path: "StandIns/CoreGraphics"),
        .target(name: "CoreImage", dependencies: ["CoreGraphics"], path: "StandIns/CoreImage"),
        .target(name: "UIKit", dependencies: ["CoreGraphics"], path: "StandIns/UIKit"),
        .target(name: "Combine", path: "StandIns/Combine"),
        .target(name: "SwiftUI", dependencies: ["Combine", "UIKit"], path: "StandIns/SwiftUI"),
        // The SDK as the main package builds it, plus the stand-ins.
        .target(
            name: "IdentityProtocol",
            dependencies: [.product(name: "Crypto", package: "swift-crypto"), .product(name: "JWTKit", package: "jwt-kit")],
            swiftSettings: strict),
        .target(name: "QRCodeEncoder", swiftSettings: strict),
        .target(
            name: "BeyondIdentityEmbedded",
            dependencies: [
                "IdentityProtocol", "QRCodeEncoder", "CryptoKit", "Security", "LocalAuthentication", "UIKit", "CoreImage",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ],
            swiftSettings: strict),
        .target(
            name: "BeyondIdentityEmbeddedUI",
            dependencies: ["BeyondIdentityEmbedded", "QRCodeEncoder", "UIKit", "SwiftUI", "Combine"],
            swiftSettings: strict),
        // The example app (Examples/EmbeddedExample), as Xcode builds it for iOS.
        .executableTarget(
            name: "EmbeddedExample",
            dependencies: ["BeyondIdentityEmbedded", "BeyondIdentityEmbeddedUI", "SwiftUI"]),
    ]
)
