import Foundation
import TestProcessSupport
import Testing
import ServerTestSupport

/// The fuzz targets, built plainly, replay their seed corpus without crashing: the corpus and
/// the targets stay usable between fuzzing runs (`Fuzz/run` fuzzes them for real).
@Suite struct FuzzCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["ServerInputs", "TokenInputs", "SCIMInputs", "SDKInputs", "QRCodeInput", "WebAuthnInputs"])
    func targetReplaysItsSeeds(target: String) async throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("Fuzz\(target)").path
        let corpus = Self.root.appendingPathComponent("Fuzz/Corpus/\(target)")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).count
        #expect(seeds >= 3)
        let result = try await ChildProcess.run(executable, [corpus.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "replayed \(seeds) inputs")
    }
}
