import Foundation
import IdentityServerCore
package import Administration

/// The dashboard's sign-in charts: a ``SignInTimeline`` as an ``SVGBarChart`` of succeeded
/// against refused sign-ins, its periods named in UTC.
package enum SignInCharts {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `timeline` as a chart with the element id `id`; a tick under every slot that starts at
    /// an hour divisible by `tickHours`, naming the hour (`06:00`) or, with `namingDays`, the
    /// day (`Tue 25`).
    package static func chart(_ timeline: SignInTimeline, id: String, title: String, tickHours: Int, namingDays: Bool = false) -> SVGBarChart {
        let slots = timeline.succeeded.indices.map { index in
            let start = timeline.start.addingTimeInterval(Double(index) * timeline.period)
            let parts = calendar.dateComponents([.day, .month, .hour, .weekday], from: start)
            let (hour, day) = (parts.hour ?? 0, parts.day ?? 0)
            let tick = hour % tickHours != 0 ? nil : namingDays ? "\(Self.weekdays[(parts.weekday ?? 1) - 1]) \(day)" : clock(hour)
            let end = (hour + Int(timeline.period / 3600)) % 24
            return SVGBarChart.Slot(label: "\(day) \(months[(parts.month ?? 1) - 1]) \(clock(hour))–\(clock(end))", tick: tick)
        }
        return SVGBarChart(id: id, title: title, slots: slots, series: [
            SVGBarChart.Series(name: "Succeeded", className: "succeeded", values: timeline.succeeded),
            SVGBarChart.Series(name: "Refused", className: "refused", values: timeline.refused),
        ])
    }

    /// `13:00`.
    private static func clock(_ hour: Int) -> String {
        hour < 10 ? "0\(hour):00" : "\(hour):00"
    }
}
