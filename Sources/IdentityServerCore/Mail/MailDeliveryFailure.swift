/// A delivery that failed, and whether trying again later may succeed: what every transport
/// throws, so that retries and the admin API's `502 mail_delivery_failed` treat them alike.
public protocol MailDeliveryFailure: Error, CustomStringConvertible {
    /// Whether a later attempt may succeed.
    var isTransient: Bool { get }
}
