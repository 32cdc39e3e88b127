// Stand-in for Combine: the declarations the SDK's Apple-only files use, with Apple's
// documented signatures. Nothing here runs.

/// https://developer.apple.com/documentation/combine/observableobject — `protocol ObservableObject : AnyObject`
public protocol ObservableObject: AnyObject {}

/// https://developer.apple.com/documentation/combine/published — `@propertyWrapper struct Published<Value>`
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    /// `init(initialValue: Value)` / `init(wrappedValue: Value)`
    public init(wrappedValue: Value) { value = wrappedValue }
    /// `var wrappedValue: Value` (through the enclosing instance on Apple platforms)
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
}
