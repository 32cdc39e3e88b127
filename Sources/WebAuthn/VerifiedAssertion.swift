/// What a verified assertion says of this sign-in.
public struct VerifiedAssertion: Sendable, Equatable {
    /// The counter to store (unchanged at zero for authenticators that do not count).
    public let signCount: UInt32
    public let flags: AuthenticatorFlags

    public init(signCount: UInt32, flags: AuthenticatorFlags) {
        self.signCount = signCount
        self.flags = flags
    }
}
