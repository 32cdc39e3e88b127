import Foundation
import Testing
import TestProcessSupport
import ServerTestSupport

/// The README's walkthrough, run as written: its shell block, in order, in a fresh directory
/// whose `data` is a real server's data directory, with the built `bi` on the PATH. The only
/// change is the server's address (the test's server listens on a free port, not 8080). Any
/// command that fails stops the script (`set -e`), and the key outputs are checked.
@Suite struct ReadmeWalkthroughTests {
    /// The walkthrough block of the README.
    static func walkthrough() throws -> String {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md").standardized,
            encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "**Walkthrough.**").dropFirst().first)
        return try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
    }

    @Test func theWalkthroughRunsAsWritten() async throws {
        let script = try Self.walkthrough()
        #expect(script.contains("http://127.0.0.1:8080"), "the walkthrough names the default server")
        let server = try await RunningServer.start()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-walkthrough-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("data"), withDestinationURL: server.dataDirectory)
            let bin = BICommand.built("bi").deletingLastPathComponent().path
            let prelude = "set -eu\ncd '\(work.path)'\nPATH='\(bin)':\"$PATH\"\nset -x\n"
            let result = try await ChildProcess.run(
                "/bin/sh", ["-c", prelude + script.replacingOccurrences(of: "http://127.0.0.1:8080", with: server.baseURL)])
            #expect(result.status == 0, "\(result.errors)")
            for expected in ["configured \(work.path)/phone for \(server.baseURL)", "signed in as ada: ", "session renewed for ada: ", "[active]"] {
                #expect(result.output.contains(expected), "\(expected) in:\n\(result.output)")
            }
            #expect(result.errors.contains("+ bi device sign-out --device ./phone"), "every command ran")
            #expect(!result.output.contains("eyJ"), "no token printed:\n\(result.output)")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
