public import BeyondIdentityEmbedded
public import Foundation

/// The code (and QR code) another device enters to import a credential, and until when it works.
public struct ShownCode: Sendable, Equatable {
    /// The code.
    public var token: CredentialToken
    /// Its QR code, when the SDK could make one.
    public var qrCode: QRCode?

    /// A code to show.
    public init(token: CredentialToken, qrCode: QRCode?) {
        self.token = token
        self.qrCode = qrCode
    }

    /// Whole seconds until the server replaces the code, at `now` (never negative; `nil` when unknown).
    public func secondsLeft(at now: Date) -> Int? {
        token.validUntil.map { max(0, Int($0.timeIntervalSince(now).rounded(.up))) }
    }

    /// Codes are equal when their digits and deadlines are (the QR code follows from the digits).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.token == rhs.token && lhs.token.validUntil == rhs.token.validUntil
    }
}
