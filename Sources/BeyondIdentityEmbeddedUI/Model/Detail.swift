/// A labelled fact on a screen (a credential's identity, realm, state, fingerprint, device).
public struct Detail: Sendable, Hashable {
    /// The label.
    public var label: String
    /// The value.
    public var value: String

    /// A fact.
    public init(_ label: String, _ value: String) {
        self.label = label
        self.value = value
    }
}
