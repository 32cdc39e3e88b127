import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI

/// Outcomes are equal when their cases and values are, so tests can `#expect(outcome == .closed)`.
extension FlowOutcome: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.authenticated(left), .authenticated(right)): left == right
        case let (.authorized(left), .authorized(right)): left == right
        case let (.failed(left), .failed(right)): left == right
        case let (.signInApproved(left), .signInApproved(right)): left == right
        case let (.signedIn(left), .signedIn(right)): left == right
        case (.signUpRequested, .signUpRequested), (.recoveryRequested, .recoveryRequested), (.closed, .closed),
             (.cancelled, .cancelled), (.signInDeclined, .signInDeclined):
            true
        default: false
        }
    }
}
