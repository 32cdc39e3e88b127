import Foundation
import IdentityStorage
import Logging
import IdentityServerCore
import MailDelivery

/// One setting of the server: its key in the configuration file (`lifetimes.token`), its
/// environment variable (`BI_` and the key in capitals, dots as underscores:
/// `BI_LIFETIMES_TOKEN`), what it means, how a value is read into a ``ServerConfiguration``
/// and how the configured value is shown.
public struct Setting: Sendable {
    /// The key in the configuration file; nested objects spell its dots.
    public let key: String
    /// What it means, for `bi-server check-config` and docs/operating.md.
    public let help: String
    /// Whether its value is a secret: `check-config` never shows it.
    public let isSecret: Bool
    let apply: @Sendable (inout ServerConfiguration, SettingInput) throws -> Void
    let show: @Sendable (ServerConfiguration) -> String

    init<Value>(
        _ key: String, _ path: any WritableKeyPath<ServerConfiguration, Value> & Sendable, _ kind: SettingKind<Value>,
        secret: Bool = false, help: String
    ) {
        self.key = key
        self.help = help
        self.isSecret = secret
        apply = { configuration, input in configuration[keyPath: path] = try kind.read(input) }
        show = { kind.show($0[keyPath: path]) }
    }

    /// The environment variable that sets it.
    public var environmentVariable: String {
        "BI_" + key.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    /// The configured value as text, or `(secret)` for a secret that is set.
    public func value(in configuration: ServerConfiguration) -> String {
        let value = show(configuration)
        return isSecret && !value.isEmpty ? "(secret)" : value
    }
}

/// How a setting's value is read and shown.
struct SettingKind<Value>: Sendable {
    let read: @Sendable (SettingInput) throws -> Value
    let show: @Sendable (Value) -> String
}

extension SettingKind where Value == String {
    static var text: Self { Self(read: { try $0.text() }, show: { $0 }) }

    static func choice(_ choices: [String]) -> Self { Self(read: { try $0.choice(choices) }, show: { $0 }) }
}

extension SettingKind where Value == ListenAddress? {
    static var optionalListenAddress: Self {
        Self(
            read: { input in
                guard let address = ListenAddress(try input.text()) else {
                    throw SettingInput.Mismatch(expected: "host:port (an IPv6 host in brackets)")
                }
                return address
            },
            show: { $0?.description ?? "" })
    }
}

extension SettingKind where Value == String? {
    static var optionalText: Self { Self(read: { try $0.text() }, show: { $0 ?? "" }) }

    /// An `http` or `https` URL with a host, and neither query nor fragment (a base URL).
    static var optionalBaseURL: Self {
        Self(
            read: { input in
                let text = try input.text()
                guard let url = URLComponents(string: text), url.scheme == "https" || url.scheme == "http",
                      url.host?.isEmpty == false, url.query == nil, url.fragment == nil
                else { throw SettingInput.Mismatch(expected: "an http or https URL without query or fragment") }
                return text
            },
            show: { $0 ?? "" })
    }

    /// The absolute path of an executable file.
    static var optionalExecutable: Self {
        Self(
            read: { input in
                let path = try input.text()
                guard path.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: path) else {
                    throw SettingInput.Mismatch(expected: "the absolute path of an executable file")
                }
                return path
            },
            show: { $0 ?? "" })
    }

    /// One plain `local@domain` (``MailAddress``).
    static var optionalMailAddress: Self {
        Self(
            read: { input in
                let text = try input.text()
                guard MailAddress.isPlain(text) else { throw SettingInput.Mismatch(expected: "a plain mail address (local@domain)") }
                return text
            },
            show: { $0 ?? "" })
    }
}

extension SettingKind where Value == Bool {
    /// `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off` in text).
    static var boolean: Self { Self(read: { try $0.boolean() }, show: { String($0) }) }
}

extension SettingKind where Value == Int {
    static func integer(_ range: ClosedRange<Int>) -> Self {
        Self(read: { try $0.integer(in: range) }, show: { String($0) })
    }
}

extension SettingKind where Value == TimeInterval {
    static func seconds(_ range: ClosedRange<Int>) -> Self {
        Self(read: { TimeInterval(try $0.seconds(in: range)) }, show: { "\(Int($0))s" })
    }
}

extension SettingKind where Value == TimeInterval? {
    /// Seconds, or 0 for "forever" (`nil`).
    static func secondsOrForever(_ range: ClosedRange<Int>) -> Self {
        Self(
            read: { input in
                let seconds = try input.seconds(in: 0...range.upperBound)
                guard seconds == 0 || range.contains(seconds) else {
                    throw SettingInput.Mismatch(expected: "0 (forever) or a duration from \(range.lowerBound) to \(range.upperBound) seconds")
                }
                return seconds == 0 ? nil : TimeInterval(seconds)
            },
            show: { $0.map { "\(Int($0))s" } ?? "0 (forever)" })
    }
}

extension SettingKind where Value == Duration {
    static func duration(_ range: ClosedRange<Int>) -> Self {
        Self(read: { .seconds(try $0.seconds(in: range)) }, show: { "\($0.components.seconds)s" })
    }
}

extension SettingKind where Value == URL {
    static var directory: Self {
        Self(read: { URL(fileURLWithPath: try $0.text()) }, show: { $0.relativePath })
    }
}

extension SettingKind where Value == [IPNetwork] {
    static var networks: Self {
        Self(
            read: { try $0.list(of: "addresses or CIDR networks", IPNetwork.init) },
            show: { $0.map(\.description).joined(separator: ",") })
    }
}

extension SettingKind where Value == SMTPSecurity {
    static var smtpSecurity: Self {
        Self(read: { SMTPSecurity(rawValue: try $0.choice(SMTPSecurity.allCases.map(\.rawValue))) ?? .startTLS }, show: { $0.rawValue })
    }
}

extension SettingKind where Value == SQLiteSynchronous {
    static var sqliteSynchronous: Self {
        Self(read: { SQLiteSynchronous(rawValue: try $0.choice(SQLiteSynchronous.allCases.map(\.rawValue))) ?? .full }, show: { $0.rawValue })
    }
}

extension SettingKind where Value == LogFormat {
    static var logFormat: Self {
        Self(read: { LogFormat(rawValue: try $0.choice(LogFormat.allCases.map(\.rawValue))) ?? .text }, show: { $0.rawValue })
    }
}

extension SettingKind where Value == Logger.Level {
    static var logLevel: Self {
        Self(
            read: { input in
                let name = try input.choice(Logger.Level.allCases.map(\.rawValue))
                return Logger.Level(rawValue: name) ?? .info
            },
            show: { $0.rawValue })
    }
}
