package import Foundation

/// How pages write a time: in UTC to the minute (`2026-11-25 13:45 UTC`), the same on every page.
package enum PageDate {
    private static let style = Date.VerbatimFormatStyle(
        format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits) UTC",
        timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian))

    /// `2026-11-25 13:45 UTC`.
    package static func text(_ date: Date) -> String {
        date.formatted(style)
    }

    /// ``text(_:)``, or `none` for no time.
    package static func text(_ date: Date?, none: String = "—") -> String {
        date.map { text($0) } ?? none
    }
}
