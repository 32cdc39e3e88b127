/// How a binding job's link reaches the user (``BindingJob/delivery``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct BindingJobDelivery: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The server emails the link to the identity's address.
    public static let email = Self(rawValue: "email")
    /// The link is in the answer that creates the job, once.
    public static let `return` = Self(rawValue: "return")
}
