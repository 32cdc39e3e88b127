/// How strongly a sign-in authenticated the user: the `acr` of its ID tokens, one of a small
/// documented set (docs/protocol.md: Assurance), ordered from the strongest.
public struct AssuranceLevel: OpenWireValue, Comparable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Phishing-resistant and hardware-protected (OpenID EAP `phrh`): a device key the SDK reports
    /// in secure hardware, used after the key store verified the user.
    public static let phishingResistantHardware = Self(rawValue: "phrh")
    /// Phishing-resistant (OpenID EAP `phr`): a device key, whatever its storage.
    public static let phishingResistant = Self(rawValue: "phr")
    /// A one-time code mailed to the identity: proves control of the mailbox only.
    public static let emailCode = Self(rawValue: "otp")

    /// The levels this version knows, strongest first (discovery's `acr_values_supported`).
    public static let known: [Self] = [.phishingResistantHardware, .phishingResistant, .emailCode]

    /// Stronger levels compare greater; a level this version does not know is below every known one.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        func rank(_ level: Self) -> Int { known.firstIndex(of: level).map { known.count - $0 } ?? 0 }
        return rank(lhs) < rank(rhs)
    }
}
