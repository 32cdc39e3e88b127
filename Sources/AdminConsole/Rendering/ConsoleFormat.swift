package import Foundation
import IdentityServerCore

/// How the console writes values: dates in UTC to the minute, lists one per line.
package enum ConsoleFormat {
    /// `2026-11-25 13:45 UTC` (``PageDate``).
    package static func date(_ date: Date) -> String {
        PageDate.text(date)
    }

    /// `date(_:)`, or `never`/`—` for none.
    package static func date(_ date: Date?, none: String = "—") -> String {
        PageDate.text(date, none: none)
    }

    /// Seconds in the largest unit that divides them: `30d`, `12h`, `90m`, `45s`.
    package static func duration(_ seconds: Int) -> String {
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60)] where seconds > 0 && seconds % size == 0 {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }

    /// A duration as typed: a whole number of seconds, or with a unit (`30d`, `12 h`, `90m`,
    /// `2 days`); `nil` when it is neither.
    package static func seconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, let count = Int(digits) else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        let sizes: [String: Int] = [
            "": 1, "s": 1, "sec": 1, "second": 1, "seconds": 1, "m": 60, "min": 60, "minute": 60, "minutes": 60,
            "h": 3_600, "hour": 3_600, "hours": 3_600, "d": 86_400, "day": 86_400, "days": 86_400,
        ]
        return sizes[unit].map { count * $0 }
    }

    /// A textarea's lines as a list: trimmed, empty lines dropped.
    package static func lines(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
