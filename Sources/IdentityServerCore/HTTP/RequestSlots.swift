/// A key for a value that a feature's middleware attaches to a request's context, for the
/// feature's handlers: the feature declares the key, so the context needs to know no feature.
package protocol RequestSlotKey {
    /// The value stored under the key.
    associatedtype Value: Sendable
}

/// The values features attached to one request, each under its key type.
package struct RequestSlots: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// The value stored under `key`; `nil` when none was.
    package subscript<Key: RequestSlotKey>(key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
