public import Foundation
public import IdentityServerCore
import MailDelivery

/// A configuration read from flags, the environment and a configuration file, with where each
/// setting's value came from.
public struct ResolvedSettings: Sendable {
    /// The configuration, starting from the `base` given to ``resolve(flags:environment:file:base:)``.
    public var configuration: ServerConfiguration
    /// Where each setting's value came from, by key.
    public var sources: [String: SettingSource]

    /// A flag's value for the setting `key`, and the flag's name as the user typed it.
    public struct Flag: Sendable {
        public var name: String
        public var value: String

        /// Creates a value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Reads every setting from its flag if given, else its environment variable, else the
    /// configuration `file`, else keeps `base`'s value. Throws a ``ServerSetupError`` naming the
    /// source for a value that does not read, a file that does not parse, and a file key that is
    /// no setting (a typo must not silently leave the default in place). Environment variables
    /// that name no setting are ignored: other tools share the `BI_` prefix.
    public static func resolve(
        flags: [String: Flag] = [:], environment: [String: String] = [:], file: URL? = nil,
        base: ServerConfiguration = ServerConfiguration()
    ) throws -> ResolvedSettings {
        let fileValues = try file.map(Self.read) ?? [:]
        var resolved = ResolvedSettings(configuration: base, sources: [:])
        for setting in ServerSettings.all {
            let given: (SettingInput, SettingSource)? =
                if let flag = flags[setting.key] {
                    (.text(flag.value), .flag(flag.name))
                } else if let text = environment[setting.environmentVariable], !text.isEmpty {
                    (.text(text), .environment(setting.environmentVariable))
                } else if let value = fileValues[setting.key], let file {
                    (.json(value), .file(file.path))
                } else {
                    nil
                }
            guard let (input, source) = given else {
                resolved.sources[setting.key] = .defaultValue
                continue
            }
            do {
                try setting.apply(&resolved.configuration, input)
            } catch let mismatch as SettingInput.Mismatch {
                let shown = setting.isSecret ? "" : " = \(input.quoted)"
                let name = if case .file = source { "\(source): \(setting.key)" } else { "\(source)" }
                throw ServerSetupError("\(name)\(shown): expected \(mismatch.expected)")
            }
            resolved.sources[setting.key] = source
        }
        if resolved.configuration.mail.smtpHost != nil, resolved.configuration.mail.sendmailPath != nil {
            throw ServerSetupError("mail.smtp.host and mail.sendmail.path are both set: choose one way to send mail")
        }
        return resolved
    }

    /// The file's settings by key: a JSON object whose nested objects spell the keys' dots.
    private static func read(_ file: URL) throws -> [String: JSONValue] {
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: file))
        } catch let error as DecodingError {
            throw ServerSetupError("the configuration file \(file.path) is not valid JSON: \(error.shortDescription)")
        } catch {
            throw ServerSetupError("cannot read the configuration file \(file.path): \(error.localizedDescription)")
        }
        guard case .object(let object) = document else {
            throw ServerSetupError("the configuration file \(file.path) must hold a JSON object")
        }
        let known = Set(ServerSettings.all.map(\.key))
        var values: [String: JSONValue] = [:]
        func flatten(_ object: [String: JSONValue], prefix: String) throws {
            for (name, value) in object {
                let key = prefix + name
                if case .object(let nested) = value, !known.contains(key) {
                    try flatten(nested, prefix: key + ".")
                } else if known.contains(key) {
                    values[key] = value
                } else {
                    throw ServerSetupError(
                        "the configuration file \(file.path) has '\(key)', which is no setting (bi-server check-config lists them)")
                }
            }
        }
        try flatten(object, prefix: "")
        return values
    }
}

extension SettingInput {
    /// The value as the user wrote it, for an error message.
    fileprivate var quoted: String {
        switch self {
        case .text(let text): "'\(text)'"
        case .json(.string(let text)): "\"\(text)\""
        case .json(.number(let number)): number.rounded() == number ? String(Int(number)) : String(number)
        case .json(.bool(let bool)): String(bool)
        case .json(.null): "null"
        case .json(.array): "[…]"
        case .json(.object): "{…}"
        }
    }
}

extension DecodingError {
    /// Where and why, in one line.
    fileprivate var shortDescription: String {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
        @unknown default:
            "\(self)"
        }
    }
}
