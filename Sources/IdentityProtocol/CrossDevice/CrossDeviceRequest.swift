/// Names a cross-device sign-in by the code of its sign-in URL.
public struct CrossDeviceRequest: Codable, Sendable, Equatable {
    /// The `request` parameter of the sign-in URL (`XXXX-XXXX`; case, spaces and dashes do not matter).
    public var request: String

    /// Creates a request.
    public init(request: String) {
        self.request = request
    }
}
