/// A text input on a screen (the 9-digit code); the user's text comes back as ``UserAction/submit(_:)``.
public struct InputField: Sendable, Hashable {
    /// What to type.
    public var prompt: String
    /// Shown in the empty field.
    public var placeholder: String
    /// Whether a camera may fill the field by scanning a QR code.
    public var allowsScanning: Bool
    /// Why the last text was refused, if it was.
    public var problem: String?

    /// An input.
    public init(prompt: String, placeholder: String, allowsScanning: Bool, problem: String? = nil) {
        self.prompt = prompt
        self.placeholder = placeholder
        self.allowsScanning = allowsScanning
        self.problem = problem
    }
}
