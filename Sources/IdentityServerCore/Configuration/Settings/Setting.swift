import Foundation

/// One setting of the server: its key in the configuration file (`lifetimes.token`), its
/// environment variable (`BI_` and the key in capitals, dots as underscores:
/// `BI_LIFETIMES_TOKEN`, unless a standard names it: `OTEL_SERVICE_NAME`), what it means, how a value is read into the configuration (`Root`)
/// and how the configured value is shown. Each feature lists the settings of its own settings
/// type; the server's configuration holds them all (``within(_:)``).
public struct Setting<Root>: Sendable {
    /// The key in the configuration file; nested objects spell its dots.
    public let key: String
    /// What it means, for `bi-server check-config` and docs/operating.md.
    public let help: String
    /// Whether its value is a secret: `check-config` never shows it.
    public let isSecret: Bool
    /// The environment variable a standard gives it, if one does.
    private let standardVariable: String?
    /// Reads `input` into the configuration; throws ``SettingInput/Mismatch`` when it does not read.
    package let apply: @Sendable (inout Root, SettingInput) throws -> Void
    private let show: @Sendable (Root) -> String

    package init<Value>(
        _ key: String, _ path: any WritableKeyPath<Root, Value> & Sendable, _ kind: SettingKind<Value>,
        secret: Bool = false, environment: String? = nil, help: String
    ) {
        self.init(
            key: key, help: help, isSecret: secret, standardVariable: environment,
            apply: { configuration, input in configuration[keyPath: path] = try kind.read(input) },
            show: { kind.show($0[keyPath: path]) })
    }

    private init(
        key: String, help: String, isSecret: Bool, standardVariable: String?,
        apply: @escaping @Sendable (inout Root, SettingInput) throws -> Void, show: @escaping @Sendable (Root) -> String
    ) {
        (self.key, self.help, self.isSecret, self.standardVariable, self.apply, self.show) = (key, help, isSecret, standardVariable, apply, show)
    }

    /// The same setting of a configuration that holds this one's `Root` at `path`.
    package func within<Outer>(_ path: any WritableKeyPath<Outer, Root> & Sendable) -> Setting<Outer> {
        let (apply, show) = (self.apply, self.show)
        return Setting<Outer>(
            key: key, help: help, isSecret: isSecret, standardVariable: standardVariable,
            apply: { outer, input in try apply(&outer[keyPath: path], input) },
            show: { show($0[keyPath: path]) })
    }

    /// The environment variable that sets it.
    public var environmentVariable: String {
        standardVariable ?? "BI_" + key.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    /// The configured value as text, or `(secret)` for a secret that is set.
    public func value(in configuration: Root) -> String {
        let value = show(configuration)
        return isSecret && !value.isEmpty ? "(secret)" : value
    }
}
