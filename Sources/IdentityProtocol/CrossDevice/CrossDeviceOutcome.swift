/// The server's answer to an approval or a decline.
public struct CrossDeviceOutcome: Codable, Sendable, Equatable {
    public var state: CrossDeviceState
    /// For the user, e.g. "Continue on your other device."
    public var message: String

    /// Creates an outcome.
    public init(state: CrossDeviceState, message: String) {
        self.state = state
        self.message = message
    }
}
