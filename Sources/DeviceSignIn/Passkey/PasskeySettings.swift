public import Foundation
package import IdentityServerCore
package import IdentityStorage
package import WebAuthn
import SwiftASN1
import X509

/// Passkeys in the browser (WebAuthn): what the server decides for every realm. Which
/// applications offer passkeys is each application's `sign_in_methods`; the relying party's
/// rules are each realm's passkey policy.
public struct PasskeySettings: Sendable {
    /// How long the browser has between asking for options and sending the passkey back.
    public var ceremonyLifetime: TimeInterval = 300

    /// The defaults.
    public init() {}
}

extension PasskeySettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<PasskeySettings>] = [
        Setting(
            "passkeys.ceremony_lifetime", \.ceremonyLifetime, .seconds(30...900),
            help: "How long a browser has to create a passkey after asking for its options."),
    ]

    /// The relying party of a realm with `policy`, at the server's public base URL as it is now
    /// (known only once the server listens, when not configured): the base URL's origin, and
    /// its host unless the policy names the RP ID. Attestation roots are parsed only for a
    /// registration (`attestation`), which alone checks them.
    package static func relyingParty(
        for baseURL: PublicBaseURL, policy: RealmRecord.PasskeyPolicy, attestation: Bool = false
    ) -> RelyingParty {
        let roots = attestation ? policy.attestationRoots.compactMap { try? Certificate(pemEncoded: $0) } : []
        var models = policy.aaguids.compactMap(UUID.init(uuidString:)).map { withUnsafeBytes(of: $0.uuid) { Array($0) } }
        // A stored root that no longer parses fails closed: no model is allowed, so nothing registers.
        let failedClosed = roots.count < policy.attestationRoots.count && attestation
        if failedClosed { models = [] }
        return RelyingParty(
            id: policy.rpID ?? baseURL.host, origins: [baseURL.origin],
            userVerification: UserVerificationRequirement(rawValue: policy.userVerification) ?? .required,
            algorithms: policy.algorithms.compactMap { name in COSEAlgorithm.allCases.first { $0.description == name } },
            attestation: AttestationPolicy(
                trustedRoots: roots, allowedAAGUIDs: failedClosed || (attestation && !models.isEmpty) ? Set(models) : nil))
    }
}
