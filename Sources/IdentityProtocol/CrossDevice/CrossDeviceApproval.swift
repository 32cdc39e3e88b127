/// A device's approval of a cross-device sign-in: the signed answer to its challenge.
public struct CrossDeviceApproval: Codable, Sendable, Equatable {
    /// The code of the sign-in URL.
    public var request: String
    public var assertion: AuthenticationAssertion

    /// Creates an approval.
    public init(request: String, assertion: AuthenticationAssertion) {
        self.request = request
        self.assertion = assertion
    }
}
