/// How a server process has the Swift runtime and Foundation.
enum SwiftRuntime: String {
    /// Loaded from the toolchain's shared libraries.
    case shared
    /// Linked into the executable (`--static-swift-stdlib`, the production build).
    case linkedIn = "static"
}
