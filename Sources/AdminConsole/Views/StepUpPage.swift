/// The page that asks an operator to prove it is them again before a dangerous change.
package struct StepUpPage: Sendable {
    package let chrome: ConsoleChrome
    /// What needs it (“rotate signing keys”).
    package let action: String
    /// The operators' account page's step that asks for the proof, then returns to the change.
    package let href: String
    /// The dashboard.
    package let cancel: String
}
