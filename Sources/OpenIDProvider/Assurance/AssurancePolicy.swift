import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// What a sign-in proved, and whether that meets what the relying party asked for
/// (`acr_values`, or `acr` in `claims`): docs/protocol.md, "Assurance".
package enum AssurancePolicy {
    /// The ways a key store may say it verified the user (RFC 8176), in the order tokens list them.
    private static let userVerification = ["face", "fpt", "pin", "user"]

    /// A device key's sign-in, from the SDK's own report (`amr` of the assertion; no attestation
    /// backs it yet): `hwk` or `swk`, plus the user verification it names; `phrh` for a hardware
    /// key used after verifying the user, `phr` otherwise. Values it does not know are dropped;
    /// no report counts as a software key.
    package static func deviceKey(reported: [String]?) -> SignInAssurance {
        let reported = Set(reported ?? [])
        let hardware = reported.contains("hwk")
        let verified = userVerification.filter(reported.contains)
        let level: AssuranceLevel = hardware && !verified.isEmpty ? .phishingResistantHardware : .phishingResistant
        return SignInAssurance(methods: [hardware ? "hwk" : "swk"] + verified, level: level.rawValue)
    }

    /// A sign-in with a code mailed to the identity.
    package static let emailCode = SignInAssurance(methods: ["otp"], level: AssuranceLevel.emailCode.rawValue)

    /// `achieved` as the tokens state it for a request that asked for `requested` (nil: for
    /// nothing): its level becomes the strongest requested one it reaches (a `phrh` sign-in
    /// asked for `phr` says `phr`); `nil` when it reaches none of them (OIDC Core §5.5.1.1: the
    /// relying party gets `unmet_authentication_requirements`).
    package static func settle(_ achieved: SignInAssurance, requested: [String]?) -> SignInAssurance? {
        guard let requested, !requested.isEmpty else { return achieved }
        let reached = AssuranceLevel(rawValue: achieved.level)
        guard let level = requested.map(AssuranceLevel.init(rawValue:))
            .filter({ AssuranceLevel.known.contains($0) && $0 <= reached }).max()
        else { return nil }
        return SignInAssurance(methods: achieved.methods, level: level.rawValue)
    }
}
