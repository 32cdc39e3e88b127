import Foundation

extension Date {
    /// Milliseconds since 1970, as stored.
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// A stored date.
    init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
