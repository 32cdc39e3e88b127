/// Where a webhook delivery is (``WebhookDelivery/status``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct WebhookDeliveryStatus: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Due at `next_attempt_at`, or being attempted.
    public static let pending = Self(rawValue: "pending")
    /// A 2xx answer came.
    public static let delivered = Self(rawValue: "delivered")
    /// Given up: the attempts ran out, or the endpoint answered `410 Gone`.
    public static let failed = Self(rawValue: "failed")
}
