package import Foundation
public import Logging

/// Writes each log record to standard error as one JSON object on one line:
/// `{"time":"2026-11-24T16:25:01.042Z","level":"info","logger":"bi-server","message":"request",…}`
/// followed by the record's metadata, each key once (a metadata key that would shadow one of
/// the four is written with a `metadata.` prefix), in a stable order: the four first, then
/// the metadata sorted by key. Lines go to a ``LogOutput`` (standard error, written off the
/// caller's thread).
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let write: @Sendable (String, Logger.Level) -> Void

    /// A handler for `label` writing to standard error, adding what `metadataProvider` gives
    /// to each record.
    public init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
        write = { line, level in LogOutput.standardError.write(line, urgent: level >= .error) }
    }

    /// A handler for `label` handing each line (with its newline) to `write`.
    package init(label: String, metadataProvider: Logger.MetadataProvider? = nil, write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = { line, _ in write(line) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = "{\"time\":" + JSONText.quoted(Self.timestamp(Date())) + ",\"level\":" + JSONText.quoted(event.level.rawValue)
            + ",\"logger\":" + JSONText.quoted(label) + ",\"message\":" + JSONText.quoted(event.message.description)
        for (key, value) in LogRecordMetadata.merged(metadata, provider: metadataProvider, event: event) {
            let name = ["time", "level", "logger", "message"].contains(key) ? "metadata." + key : key
            line += "," + JSONText.quoted(name) + ":" + Self.json(value)
        }
        write(line + "}\n", event.level)
    }

    /// A metadata value as JSON: strings as strings, lists as arrays, dictionaries as objects.
    package static func json(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): JSONText.quoted(text)
        case .stringConvertible(let convertible): JSONText.quoted(convertible.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let entries):
            "{" + entries.sorted { $0.key < $1.key }.map { JSONText.quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// RFC 3339 in UTC with milliseconds.
    package static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }
}
