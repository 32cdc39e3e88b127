// swift-tools-version: 5.9
// An iOS app package (Xcode 14 or later opens it and runs it on a simulator or a device).
// AppleProductTypes exists only in Xcode's toolchain, so this file is not built on Linux;
// the app's sources are type-checked there by AppleTypeCheck.
import AppleProductTypes
import PackageDescription

let package = Package(
    name: "EmbeddedExample",
    platforms: [.iOS("18.0")],
    products: [
        .iOSApplication(
            name: "EmbeddedExample",
            targets: ["AppModule"],
            bundleIdentifier: "com.example.embedded",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait],
            capabilities: [.faceID(purposeString: "Face ID confirms it is you before your device key signs you in.")]
        ),
    ],
    dependencies: [.package(name: "beyond-identity-swift", path: "../..")],
    targets: [
        .executableTarget(
            name: "AppModule",
            dependencies: [
                .product(name: "BeyondIdentityEmbedded", package: "beyond-identity-swift"),
                .product(name: "BeyondIdentityEmbeddedUI", package: "beyond-identity-swift"),
            ],
            path: "Sources"
        ),
    ]
)
