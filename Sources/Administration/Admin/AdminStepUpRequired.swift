/// A dangerous change asked by an operator whose last sign-in is older than
/// ``AdminService/recentProof``: the console asks them to prove it is them again (a passkey, or
/// the app on their phone), then to make the change again. Admin tokens are machines' and are
/// never asked.
package struct AdminStepUpRequired: Error, Equatable {
    /// What needs the fresh proof (“rotate signing keys”).
    package let action: String

    package init(action: String) { self.action = action }
}
