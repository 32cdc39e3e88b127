public import Foundation

/// `zbarimg` (Debian's zbar-tools), run on a PNG.
public enum Zbar {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "zbarimg is not installed (apt-get install zbar-tools)" }
    }

    static let path = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first(where: FileManager.default.isExecutableFile)
    public static var isInstalled: Bool { path != nil }
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["BI_REQUIRE_ZBAR"] == "1" }

    /// The text zbarimg decodes from `png`. Its output goes to a file, not a pipe, and its exit
    /// is awaited, so no thread waits on a descriptor another child process may hold open.
    public static func decode(_ png: [UInt8]) async throws -> String {
        guard let zbarimg = path else { throw Missing() }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)")
        let (image, output) = (base.appendingPathExtension("png"), base.appendingPathExtension("txt"))
        defer { [image, output].forEach { try? FileManager.default.removeItem(at: $0) } }
        try Data(png).write(to: image)
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        process.arguments = ["--raw", "-q", "-Sbinary", image.path]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice  // ImageMagick's D-Bus chatter
        let (exits, exit) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exit.yield() }
        try await process.start()
        await exits.first { _ in true }
        var text = try String(contentsOf: output, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
