import ArgumentParser
import Foundation
import IdentityProtocol

/// A failure to report in one line on stderr.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `--json` for scripts; otherwise readable lines.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}

/// Everything the CLI prints goes through here.
enum Output {
    /// Prints `value` as JSON, or each of `lines` as text.
    static func emit(_ value: some Encodable, json: Bool, lines: @autoclosure () throws -> [String]) throws {
        if json {
            let encoder = JSONEncoder.identityWire
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(value), as: UTF8.self))
        } else {
            try lines().forEach { print($0) }
        }
    }

    /// One event of a running command, written at once (unbuffered): a compact JSON line
    /// (JSON Lines), or `lines` as text.
    static func event(_ value: some Encodable, json: Bool, lines: @autoclosure () -> [String]) throws {
        var text = lines().map { $0 + "\n" }.joined()
        if json {
            let encoder = JSONEncoder.identityWire
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            text = String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// A step of a story, for people (silent under `--json`).
    static func step(_ text: String, json: Bool) {
        if !json { print("• \(text)") }
    }

    /// Runs a command body; any failure becomes one line on stderr and exit code 1.
    static func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch let error as any LocalizedError {
            fail(error.errorDescription ?? "\(error)")
        } catch {
            fail("\(error)")
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("bi: error: \(message)\n".utf8))
        exit(1)
    }
}

extension CLIError: LocalizedError {
    var errorDescription: String? { description }
}
