import Foundation

/// `zbarimg` (Debian's zbar-tools), run on a PNG.
public enum Zbar {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "zbarimg is not installed (apt-get install zbar-tools)" }
    }

    static let path = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first(where: FileManager.default.isExecutableFile)
    /// Whether zbarimg is installed (tests ask with `.requires(.zbar)`).
    public static var isInstalled: Bool { path != nil }

    /// The text zbarimg decodes from `png`.
    public static func decode(_ png: [UInt8]) async throws -> String {
        guard let zbarimg = path else { throw Missing() }
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: image) }
        try Data(png).write(to: image)
        return try await ChildProcess.run(zbarimg, ["--raw", "-q", "-Sbinary", image.path]).output
    }
}
