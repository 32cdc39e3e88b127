import Foundation

/// How a setting's value is read and shown.
package struct SettingKind<Value>: Sendable {
    package let read: @Sendable (SettingInput) throws -> Value
    package let show: @Sendable (Value) -> String

    package init(read: @escaping @Sendable (SettingInput) throws -> Value, show: @escaping @Sendable (Value) -> String) {
        (self.read, self.show) = (read, show)
    }
}

extension SettingKind where Value == String {
    package static var text: Self { Self(read: { try $0.text() }, show: { $0 }) }

    package static func choice(_ choices: [String]) -> Self { Self(read: { try $0.choice(choices) }, show: { $0 }) }

    /// One of `choices`; each of `refused` is named with why it is not offered.
    package static func choice(_ choices: [String], refusing refused: [String: String]) -> Self {
        Self(
            read: { input in
                if let text = try? input.text(), let reason = refused[text] { throw SettingInput.Mismatch(expected: "\(choices.joined(separator: ", ")) (\(reason))") }
                return try input.choice(choices)
            },
            show: { $0 })
    }
}

extension SettingKind where Value == ListenAddress? {
    package static var optionalListenAddress: Self {
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
    package static var optionalText: Self { Self(read: { try $0.text() }, show: { $0 ?? "" }) }

    /// An `http` or `https` URL with a host, and neither query nor fragment (a base URL).
    package static var optionalBaseURL: Self {
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
    package static var optionalExecutable: Self {
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
    package static var optionalMailAddress: Self {
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
    package static var boolean: Self { Self(read: { try $0.boolean() }, show: { String($0) }) }
}

extension SettingKind where Value == Int {
    package static func integer(_ range: ClosedRange<Int>) -> Self {
        Self(read: { try $0.integer(in: range) }, show: { String($0) })
    }
}

extension SettingKind where Value == Int? {
    /// An integer within `range`, or nothing (the default is worked out).
    package static func optionalInteger(_ range: ClosedRange<Int>) -> Self {
        Self(read: { try $0.integer(in: range) }, show: { $0.map(String.init) ?? "" })
    }
}

extension SettingKind where Value == Double {
    /// Seconds (a `TimeInterval`), within `range`.
    package static func seconds(_ range: ClosedRange<Int>) -> Self {
        Self(read: { TimeInterval(try $0.seconds(in: range)) }, show: { "\(Int($0))s" })
    }
}

extension SettingKind where Value == TimeInterval? {
    /// Seconds, or 0 for "forever" (`nil`).
    package static func secondsOrForever(_ range: ClosedRange<Int>) -> Self {
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
    package static func duration(_ range: ClosedRange<Int>) -> Self {
        Self(read: { .seconds(try $0.seconds(in: range)) }, show: { "\($0.components.seconds)s" })
    }
}

extension SettingKind where Value == [IPNetwork] {
    package static var networks: Self {
        Self(
            read: { try $0.list(of: "addresses or CIDR networks", IPNetwork.init) },
            show: { $0.map(\.description).joined(separator: ",") })
    }
}

extension SettingKind where Value == LogFormat {
    package static var logFormat: Self {
        Self(read: { LogFormat(rawValue: try $0.choice(LogFormat.allCases.map(\.rawValue))) ?? .text }, show: { $0.rawValue })
    }
}

extension SettingKind where Value == [TimeInterval] {
    /// A list of durations, each within `range` seconds (`5s,5m,30m`).
    package static func durations(_ range: ClosedRange<Int>) -> Self {
        Self(
            read: { input in
                let items = try input.list(of: "durations (e.g. 5s,5m,2h)") { text in
                    try? SettingInput.text(text).seconds(in: range)
                }
                guard !items.isEmpty else { throw SettingInput.Mismatch(expected: "at least one duration") }
                return items.map(TimeInterval.init)
            },
            show: { $0.map { "\(Int($0))s" }.joined(separator: ",") })
    }
}

extension SettingKind where Value == Double {
    /// A number from 0 to 1.
    package static var fraction: Self {
        Self(
            read: { input in
                guard let value = Double(try input.text()), (0...1).contains(value) else {
                    throw SettingInput.Mismatch(expected: "a number from 0 to 1")
                }
                return value
            },
            show: { String($0) })
    }
}

extension SettingKind where Value == [String: String] {
    /// OpenTelemetry's list of pairs, `key=value,key=value` (values percent-encoded), at most 64 of
    /// them.
    package static var keyValuePairs: Self {
        Self(
            read: { input in
                let text = try input.text()
                let items = text.split(separator: ",", omittingEmptySubsequences: true)
                guard items.count <= 64 else { throw SettingInput.Mismatch(expected: "at most 64 key=value pairs") }
                var pairs: [String: String] = [:]
                for item in items {
                    let parts = item.split(separator: "=", maxSplits: 1)
                    let key = parts.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                    guard parts.count == 2, !key.isEmpty,
                          let value = parts[1].trimmingCharacters(in: .whitespaces).removingPercentEncoding
                    else { throw SettingInput.Mismatch(expected: "key=value pairs separated by commas") }
                    pairs[key] = value
                }
                return pairs
            },
            show: { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") })
    }
}

extension SettingKind where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the type's cases, by its name.
    package static var cases: Self {
        Self(
            read: { input in
                guard let value = Value(rawValue: try input.choice(Value.allCases.map(\.rawValue))) else {
                    throw SettingInput.Mismatch(expected: Value.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return value
            },
            show: { $0.rawValue })
    }
}
