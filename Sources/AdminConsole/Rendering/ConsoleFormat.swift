package import Foundation
import IdentityServerCore

/// How the console writes values: dates in UTC to the minute, lists one per line.
package enum ConsoleFormat {
    private static let dateStyle = Date.VerbatimFormatStyle(
        format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits) UTC",
        timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian))

    /// `2026-11-25 13:45 UTC`.
    package static func date(_ date: Date) -> String {
        date.formatted(dateStyle)
    }

    /// `date(_:)`, or `never`/`—` for none.
    package static func date(_ date: Date?, none: String = "—") -> String {
        date.map { Self.date($0) } ?? none
    }

    /// A textarea's lines as a list: trimmed, empty lines dropped.
    package static func lines(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
