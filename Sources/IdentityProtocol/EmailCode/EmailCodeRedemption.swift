/// The code the user typed, for a challenge.
public struct EmailCodeRedemption: Codable, Sendable, Equatable {
    /// The challenge's id (from the continuation URL).
    public var challenge: String
    /// The digits the user typed.
    public var code: String
    /// Whether the device wants a binding token to set up a new credential, where the
    /// application allows it.
    public var bindDevice: Bool?

    /// Creates a redemption.
    public init(challenge: String, code: String, bindDevice: Bool? = nil) {
        self.challenge = challenge
        self.code = code
        self.bindDevice = bindDevice
    }

    enum CodingKeys: String, CodingKey {
        case challenge, code
        case bindDevice = "bind_device"
    }
}
