/// What a realm does for a user its directory creates through SCIM.
public struct SCIMEnrollment: OpenWireValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Nothing: an administrator sends the enrollment link (the default).
    public static let none = Self(rawValue: "none")
    /// An enrollment link is mailed to the new user's email, if it is active and has one.
    public static let email = Self(rawValue: "email")

    /// The values this version knows.
    public static let known: [Self] = [.none, .email]
}
