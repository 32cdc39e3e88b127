import Foundation
public import Logging
import Synchronization

/// Writes each log record as one line of text, as swift-log's `StreamLogHandler` does:
/// `2026-11-25T22:08:34+0000 info bi-server: key=value … [Module] message`, the metadata sorted
/// by key, through a ``LogOutput`` (standard error, written off the caller's thread). Control
/// characters in the message and values are escaped as JSON escapes them (`\n`, `\u001B`), so no
/// text a client or a relay sent can start a line of its own.
public struct TextLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: LogOutput

    /// A handler for `label` writing to `output`, adding what `metadataProvider` gives to each record.
    public init(label: String, metadataProvider: Logger.MetadataProvider? = nil, output: LogOutput = .standardError) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // Appended piece by piece into one buffer: `a + b + …` would make a string per `+`.
        var line = ""
        line.reserveCapacity(256)
        line += Self.timestamp()
        line += " "
        line += event.level.rawValue
        line += " "
        line += label
        line += ":"
        for (key, value) in LogRecordMetadata.merged(metadata, provider: metadataProvider, event: event) {
            line += " "
            line += Self.printable(key)
            line += "="
            line += Self.printable(value.description)
        }
        line += " ["
        line += event.source
        line += "] "
        line += Self.printable(event.message.description)
        line += "\n"
        output.write(line, urgent: event.level >= .error)
    }

    /// `text` with backslashes and control characters escaped as in JSON (``JSONText``), so a
    /// line stays one line and an escape in it is always ours; most text has neither and is
    /// returned as it is.
    package static func printable(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) else { return text }
        var escaped = ""
        JSONText.escape(text, into: &escaped)
        return escaped
    }

    /// The current second in local time (`%Y-%m-%dT%H:%M:%S%z`), formatted once per second.
    package static func timestamp() -> String {
        var now = time(nil)
        if let text = lastSecond.withLock({ $0.second == now ? $0.text : nil }) { return text }
        var local = tm()
        var buffer = [CChar](repeating: 0, count: 32)
        guard localtime_r(&now, &local) != nil, strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local) > 0 else { return "<unknown>" }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        lastSecond.withLock { $0 = (now, text) }
        return text
    }

    private static let lastSecond = Mutex<(second: time_t, text: String)>((-1, ""))
}
