public import Foundation

/// The 9-digit code one device shows and another enters (or scans as a QR code) to extend a
/// credential to it.
public struct CredentialToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The code's digits, without separators.
    public let value: String
    /// Until when the code works, for a code the SDK shows (`nil` for one the user typed).
    public let validUntil: Date?

    /// A token from what the user typed or scanned; spaces and dashes are ignored.
    public init(value: String) {
        self.init(value: value, validUntil: nil)
    }

    init(value: String, validUntil: Date?) {
        self.value = String(value.filter { $0 != " " && $0 != "-" })
        self.validUntil = validUntil
    }

    /// Tokens are equal when their digits are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

    /// Hashes the digits.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// Whether the value is exactly 9 ASCII digits.
    public var isWellFormed: Bool {
        value.utf8.count == 9 && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The code in groups of three for display, for example `"123 456 789"`.
    public var formatted: String {
        guard isWellFormed else { return value }
        let digits = Array(value)
        return stride(from: 0, to: 9, by: 3).map { String(digits[$0..<$0 + 3]) }.joined(separator: " ")
    }

    /// The digits, as the user types them.
    public var description: String { value }
}
