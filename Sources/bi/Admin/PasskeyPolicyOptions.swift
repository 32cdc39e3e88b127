import ArgumentParser
import Foundation
import IdentityProtocol

/// A realm's passkey policy as `realms create` and `update` set it: only what is given changes.
struct PasskeyPolicyOptions: ParsableArguments {
    @Option(help: "The RP ID passkeys are bound to: the server's host or a domain it is under (\"\" for the host).")
    var passkeyRPID: String?
    @Option(help: "Whether authenticators must verify the user: required (default), preferred or discouraged.")
    var passkeyUserVerification: String?
    @Option(help: ArgumentHelp("A key algorithm accepted: ES256, EdDSA or RS256 (repeat; replaces the list).", valueName: "algorithm"))
    var passkeyAlgorithm: [String] = []
    @Option(help: ArgumentHelp(
        "A PEM file of a root an authenticator's attestation must chain to (repeat; replaces the list).", valueName: "file"))
    var passkeyAttestationRoot: [String] = []
    @Option(help: ArgumentHelp("An authenticator model (AAGUID) allowed; needs attestation roots (repeat; replaces the list).", valueName: "uuid"))
    var passkeyAAGUID: [String] = []
    @Flag(help: "Ask for no attestation again: clears the attestation roots and models.")
    var passkeyAnyAuthenticator = false

    /// The policy fields given; `nil` when none is.
    func policy() throws -> RealmPasskeyPolicy? {
        var policy = RealmPasskeyPolicy(rpID: passkeyRPID, userVerification: passkeyUserVerification)
        if !passkeyAlgorithm.isEmpty { policy.algorithms = passkeyAlgorithm }
        if passkeyAnyAuthenticator { (policy.attestationRoots, policy.aaguids) = ([], []) }
        if !passkeyAttestationRoot.isEmpty {
            policy.attestationRoots = try passkeyAttestationRoot.map { try String(contentsOfFile: $0, encoding: .utf8) }
        }
        if !passkeyAAGUID.isEmpty { policy.aaguids = passkeyAAGUID }
        return policy == RealmPasskeyPolicy() ? nil : policy
    }
}
