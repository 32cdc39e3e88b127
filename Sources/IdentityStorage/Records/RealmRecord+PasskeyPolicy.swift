extension RealmRecord {
    /// How a realm's passkeys are registered and checked (the WebAuthn relying party's rules);
    /// stored as one JSON document.
    public struct PasskeyPolicy: Sendable, Equatable, Codable {
        /// The RP ID passkeys are bound to; `nil`: the public base URL's host.
        public var rpID: String?
        /// `required`, `preferred` or `discouraged`.
        public var userVerification: String
        /// The key algorithms accepted (`ES256`, `EdDSA`, `RS256`), in the order offered.
        public var algorithms: [String]
        /// PEM roots an attestation must chain to; empty: no attestation is required.
        public var attestationRoots: [String]
        /// The authenticator models (AAGUIDs, lower-case UUIDs) allowed; empty: any.
        public var aaguids: [String]

        /// The default: any authenticator, user verification required, every algorithm.
        public init(
            rpID: String? = nil, userVerification: String = "required", algorithms: [String] = ["ES256", "EdDSA", "RS256"],
            attestationRoots: [String] = [], aaguids: [String] = []
        ) {
            (self.rpID, self.userVerification, self.algorithms) = (rpID, userVerification, algorithms)
            (self.attestationRoots, self.aaguids) = (attestationRoots, aaguids)
        }

        enum CodingKeys: String, CodingKey {
            case rpID = "rp_id"
            case userVerification = "user_verification"
            case algorithms
            case attestationRoots = "attestation_roots"
            case aaguids
        }
    }
}
