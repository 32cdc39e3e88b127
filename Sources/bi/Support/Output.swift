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

/// Everything the CLI prints goes through here. `--json` output uses one convention for every
/// command, the admin API's: snake_case keys, ISO 8601 dates.
enum Output {
    /// The encoder of `--json` output: keys in snake_case whatever the value's Swift names.
    private static func jsonEncoder(_ formatting: JSONEncoder.OutputFormatting) -> JSONEncoder {
        let encoder = JSONEncoder.identityWire
        encoder.outputFormatting = formatting
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    /// Prints `value` as JSON, or each of `lines` as text.
    static func emit(_ value: some Encodable, json: Bool, lines: @autoclosure () throws -> [String]) throws {
        if json {
            let encoder = jsonEncoder([.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
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
            text = String(decoding: try jsonEncoder([.sortedKeys, .withoutEscapingSlashes]).encode(value), as: UTF8.self) + "\n"
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
