import Foundation
import Testing

/// What keeps `swift build -c release` (every product) building, checked in the test run rather
/// than by a second, release build of the whole package in CI: a release build refuses
/// `@testable import`, so only test targets may use it (not the products, the fuzzers, nor the
/// support targets under Tests/, which are built as products' targets are).
struct ReleaseBuildTests {
    @Test func onlyTestTargetsImportForTesting() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
        var found: [String] = []
        var scanned = 0
        let support = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests").path)
            .filter { $0.hasSuffix("Support") }.map { "Tests/\($0)" }
        #expect(support.contains("Tests/TestProcessSupport"))
        for folder in ["Sources", "Fuzz"] + support {
            let enumerator = try #require(FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                scanned += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("@testable import") {
                    found.append("\(url.standardizedFileURL.path.dropFirst(root.path.count + 1)): \(line)")
                }
            }
        }
        #expect(scanned > 300, "read \(scanned) files under \(root.path)")
        #expect(found.isEmpty, "a release build refuses these:\n\(found.joined(separator: "\n"))")
    }
}
