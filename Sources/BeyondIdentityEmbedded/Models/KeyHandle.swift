/// The key store's reference to a passkey's private key, as the 2.x API names it (the same
/// value as ``Credential/KeyHandle``).
public struct KeyHandle: Sendable, Hashable {
    /// The reference.
    public let value: String

    /// Wraps a reference.
    public init(_ value: String) { self.value = value }
}
