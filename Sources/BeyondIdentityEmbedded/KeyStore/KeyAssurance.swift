/// How a key store keeps a credential's key and verifies the user before it signs: what the
/// SDK reports with each sign-in as the assertion's `amr` (RFC 8176 values), which the server
/// puts in the ID token. It is the device's own report: no attestation backs it yet.
public struct KeyAssurance: Sendable, Hashable {
    /// Whether the key lives in secure hardware it cannot leave (the Secure Enclave): `hwk`;
    /// otherwise a software key, `swk`.
    public var isHardwareBacked: Bool
    /// How the store verifies the user before every signature with the key; empty when it
    /// signs without asking.
    public var userVerification: [UserVerification]

    /// Creates an assurance.
    public init(isHardwareBacked: Bool, userVerification: [UserVerification] = []) {
        self.isHardwareBacked = isHardwareBacked
        self.userVerification = userVerification
    }

    /// A software key that signs without asking the user: what a store that says nothing reports.
    public static let software = KeyAssurance(isHardwareBacked: false)

    /// The `amr` values, key first (`hwk` or `swk`), then the user verification's.
    public var amr: [String] {
        [isHardwareBacked ? "hwk" : "swk"] + userVerification.map(\.rawValue)
    }

    /// A way of verifying the user, by its RFC 8176 `amr` value; a struct so stores can report
    /// values not named here.
    public struct UserVerification: RawRepresentable, Sendable, Hashable {
        /// The RFC 8176 value.
        public let rawValue: String

        /// A method by its RFC 8176 value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Facial recognition (Face ID): `face`.
        public static let face = Self(rawValue: "face")
        /// Fingerprint (Touch ID): `fpt`.
        public static let fingerprint = Self(rawValue: "fpt")
        /// A test that the user is present, by a means the store does not tell (biometry or
        /// the device passcode): `user`.
        public static let presence = Self(rawValue: "user")
        /// A PIN, pattern or passphrase the user enters to unlock the key on the device: `pin`.
        public static let pin = Self(rawValue: "pin")
    }
}
