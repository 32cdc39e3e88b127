import Foundation
public import Logging
import Synchronization

/// Writes each log record to standard error as one JSON object on one line:
/// `{"time":"2026-11-24T16:25:01.042Z","level":"info","logger":"bi-server","message":"request",…}`
/// followed by the record's metadata, each key once (a metadata key that would shadow one of
/// the four is written with a `metadata.` prefix), in a stable order: the four first, then
/// the metadata sorted by key.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler for `label` writing to standard error.
    public init(label: String) {
        self.init(label: label, write: StandardError.write)
    }

    /// A handler for `label` handing each line (with its newline) to `write`.
    init(label: String, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        var line = "{\"time\":" + JSONText.quoted(Self.timestamp(Date())) + ",\"level\":" + JSONText.quoted(event.level.rawValue)
            + ",\"logger\":" + JSONText.quoted(label) + ",\"message\":" + JSONText.quoted(event.message.description)
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            let name = ["time", "level", "logger", "message"].contains(key) ? "metadata." + key : key
            line += "," + JSONText.quoted(name) + ":" + Self.json(value)
        }
        write(line + "}\n")
    }

    /// A metadata value as JSON: strings as strings, lists as arrays, dictionaries as objects.
    static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): JSONText.quoted(text)
        case .stringConvertible(let convertible): JSONText.quoted(convertible.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let entries):
            "{" + entries.sorted { $0.key < $1.key }.map { JSONText.quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// RFC 3339 in UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}

/// Standard error, written a whole line at a time.
private enum StandardError {
    private static let lock = Mutex(())

    static let write: @Sendable (String) -> Void = { line in
        lock.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
    }
}
