/// Where a binding job's mail is (``BindingJob/mailStatus``), for delivery `email`.
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct BindingJobMailStatus: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// In the mail queue: not sent yet (the relay may be down; it is tried again).
    public static let pending = Self(rawValue: "pending")
    /// Handed to the relay (or the `sendmail` command, or the outbox directory).
    public static let delivered = Self(rawValue: "delivered")
    /// Given up: the relay refused it for good, the retries ran out, or the job expired first.
    public static let failed = Self(rawValue: "failed")
}
