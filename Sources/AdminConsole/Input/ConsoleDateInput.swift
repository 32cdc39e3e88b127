package import Foundation
import IdentityServerCore

/// A time typed into the console: what an HTML `datetime-local` input sends
/// (`2026-11-25T13:45`, with seconds and a fraction if its step asks for them) or a date alone
/// (`2026-11-25`, from a browser that shows a plain text box), read as UTC.
package enum ConsoleDateInput {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The moment `text` names; a date alone names its midnight, or with `endOfDay` the next
    /// midnight (so that “until 2026-11-25” covers that day). `nil` for anything else,
    /// including dates that do not exist (`2026-02-30`).
    package static func parse(_ text: String, endOfDay: Bool = false) -> Date? {
        let pattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let number = { (digits: Substring?) in digits.flatMap { Int($0) } }
        let parts = DateComponents(
            year: number(match.1), month: number(match.2), day: number(match.3),
            hour: number(match.4) ?? 0, minute: number(match.5) ?? 0, second: number(match.6) ?? 0)
        guard let date = calendar.date(from: parts) else { return nil }
        // The calendar rolls a day or time that does not exist over into the next; refuse it.
        let read = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard read.year == parts.year, read.month == parts.month, read.day == parts.day, read.hour == parts.hour,
              read.minute == parts.minute, read.second == parts.second
        else { return nil }
        let fraction = match.7.flatMap { Double("0" + $0) } ?? 0
        return match.4 == nil && endOfDay ? date.addingTimeInterval(86_400) : date.addingTimeInterval(fraction)
    }
}
