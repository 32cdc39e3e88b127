import Foundation

/// A setting's value as given: text from a flag or an environment variable, or a value of
/// the JSON configuration file. Each reader names what it expected when the value is not that.
public enum SettingInput: Sendable, Equatable {
    case text(String)
    case json(JSONValue)

    /// What a setting expected, and what it got instead.
    package struct Mismatch: Error {
        package let expected: String
    }

    /// Non-empty text.
    package func text() throws -> String {
        let text: String? = switch self {
        case .text(let text): text
        case .json(.string(let text)): text
        default: nil
        }
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw Mismatch(expected: "non-empty text") }
        return text
    }

    /// A whole number in `range`.
    package func integer(in range: ClosedRange<Int>) throws -> Int {
        let expected = Mismatch(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        let number: Int? = switch self {
        case .text(let text): Int(text.trimmingCharacters(in: .whitespaces))
        case .json(.number(let number)): number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
        default: nil
        }
        guard let number, range.contains(number) else { throw expected }
        return number
    }

    /// A duration in whole seconds: a number of seconds, or a number with a unit (`90s`, `5m`,
    /// `12h`, `30d`), within `range`.
    package func seconds(in range: ClosedRange<Int>) throws -> Int {
        let expected = Mismatch(expected: "a duration from \(range.lowerBound) to \(range.upperBound) seconds (e.g. 90, 90s, 5m, 12h, 30d)")
        let seconds: Int?
        switch self {
        case .text(let text), .json(.string(let text)):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let units = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
            if let unit = trimmed.last.flatMap({ units[String($0)] }) {
                seconds = Int(trimmed.dropLast()).flatMap { $0.multipliedReportingOverflow(by: unit).overflow ? nil : $0 * unit }
            } else {
                seconds = Int(trimmed)
            }
        case .json(.number):
            seconds = try? integer(in: range)
        default:
            seconds = nil
        }
        guard let seconds, range.contains(seconds) else { throw expected }
        return seconds
    }

    /// `true` or `false`: a JSON boolean, or text `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`.
    package func boolean() throws -> Bool {
        switch self {
        case .json(.bool(let value)): return value
        case .text(let text):
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "1", "yes", "on": return true
            case "false", "0", "no", "off": return false
            default: break
            }
        default: break
        }
        throw Mismatch(expected: "true or false")
    }

    /// One of `choices`.
    package func choice(_ choices: [String]) throws -> String {
        let text = try? text()
        guard let text, choices.contains(text) else { throw Mismatch(expected: "one of \(choices.joined(separator: ", "))") }
        return text
    }

    /// A list: comma-separated text, or a JSON array of strings; each item checked by `item`.
    package func list<Item>(of what: String, _ item: (String) -> Item?) throws -> [Item] {
        let expected = Mismatch(expected: "a list of \(what)")
        let texts: [String]
        switch self {
        case .text(let text):
            texts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        case .json(.array(let values)):
            texts = try values.map { value in
                guard case .string(let text) = value else { throw expected }
                return text
            }
        default:
            throw expected
        }
        return try texts.map { text in
            guard let parsed = item(text) else { throw Mismatch(expected: "a list of \(what); '\(text)' is not one") }
            return parsed
        }
    }
}
