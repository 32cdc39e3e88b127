package import Hummingbird
import IdentityServerCore

/// What a page says after a change sent the operator to it (`?notice=`): typed, so a URL can
/// only pick one of these messages, never supply text.
package enum ConsoleNotice: String, Sendable {
    case created
    case saved
    case deleted
    case revoked
    case suspended
    case reactivated
    case mailSent = "mail_sent"
    case keysRotated = "keys_rotated"
    case enabled
    case disabled
    case testQueued = "test_queued"
    case replayed

    /// The message shown.
    package var message: String {
        switch self {
        case .created: "Created."
        case .saved: "Saved."
        case .deleted: "Deleted."
        case .revoked: "Revoked."
        case .suspended: "Suspended: the identity cannot sign in until it is reactivated."
        case .reactivated: "Reactivated."
        case .mailSent: "The enrollment email is queued; its status is under Enrollment links."
        case .keysRotated: "A new signing key was created; it signs once relying parties have had time to fetch it."
        case .enabled: "Enabled: deliveries are attempted again."
        case .disabled: "Disabled: events are no longer delivered to it."
        case .testQueued: "A webhook.test event is queued for this endpoint; it appears below once attempted."
        case .replayed: "The delivery is queued again, with the same webhook-id."
        }
    }

    /// The notice a request's `?notice=` names, if any.
    package static func of(_ request: Request) -> String? {
        (try? request.queryParameters().single("notice")).flatMap { $0.flatMap(ConsoleNotice.init(rawValue:)) }?.message
    }
}
