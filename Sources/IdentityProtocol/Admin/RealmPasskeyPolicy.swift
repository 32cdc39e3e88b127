/// How a realm's passkeys are registered and checked. In a realm, every field but `rp_id` is
/// present; to change one, send it alone (a field left out is unchanged; an empty `rp_id` goes
/// back to the public base URL's host).
public struct RealmPasskeyPolicy: Codable, Sendable, Equatable {
    /// The RP ID passkeys are bound to: the public base URL's host (absent) or a registrable
    /// suffix of it. Changing it strands the passkeys registered under the old one.
    public var rpID: String?
    /// Whether authenticators must verify the user: `required` (default), `preferred`, `discouraged`.
    public var userVerification: String?
    /// The key algorithms accepted, in the order offered: `ES256`, `EdDSA`, `RS256` (default all three).
    public var algorithms: [String]?
    /// PEM certificates an attestation must chain to (at most 10); empty (default): no
    /// attestation is required, and passkeys from any authenticator are accepted.
    public var attestationRoots: [String]?
    /// The authenticator models allowed, by AAGUID (at most 100, needs `attestation_roots`);
    /// empty (default): any model the roots vouch for.
    public var aaguids: [String]?

    /// Creates a policy (or the fields of one to change).
    public init(
        rpID: String? = nil, userVerification: String? = nil, algorithms: [String]? = nil,
        attestationRoots: [String]? = nil, aaguids: [String]? = nil
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
