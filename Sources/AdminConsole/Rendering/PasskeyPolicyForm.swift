import Foundation
package import IdentityProtocol
package import IdentityServerCore

/// A realm's passkey policy form, both ways: the policy (or the form as posted, when refused)
/// into the values and choices the template shows, and a posted form into the admin API's
/// ``RealmPasskeyPolicy`` (every field sent, so that an emptied one clears it).
package struct PasskeyPolicyForm: Sendable {
    /// The RP ID as typed; empty: the public base URL's host.
    package let rpID: String
    /// `uv_required`, `uv_preferred`, `uv_discouraged`, `alg_ES256`, `alg_EdDSA`, `alg_RS256`.
    package let flags: [String: Bool]
    /// The attestation roots, PEM blocks one after another.
    package let roots: String
    /// The allowed models, one AAGUID a line.
    package let aaguids: String
    /// Why the policy was refused, when it was.
    package let error: String?

    /// The fields of `policy`.
    package init(_ policy: RealmPasskeyPolicy) {
        self.init(
            rpID: policy.rpID ?? "", verification: policy.userVerification ?? "required", algorithms: policy.algorithms ?? [],
            roots: (policy.attestationRoots ?? []).joined(separator: "\n"), aaguids: (policy.aaguids ?? []).joined(separator: "\n"), error: nil)
    }

    /// The fields as posted, with the refusal `error`.
    package init(_ form: FormParameters, error: String) {
        self.init(
            rpID: (try? form.single("rp_id")) ?? "", verification: (try? form.single("user_verification")) ?? "",
            algorithms: form.all("algorithms"), roots: (try? form.single("attestation_roots")) ?? "",
            aaguids: (try? form.single("aaguids")) ?? "", error: error)
    }

    private init(rpID: String, verification: String, algorithms: [String], roots: String, aaguids: String, error: String?) {
        var flags = ["uv_\(verification)": true]
        for algorithm in algorithms { flags["alg_\(algorithm)"] = true }
        (self.rpID, self.flags, self.roots, self.aaguids, self.error) = (rpID, flags, roots, aaguids, error)
    }

    /// The admin API's policy for a posted form: the roots split into their PEM blocks (text
    /// with none is sent as it is, for the API to refuse), the models one a line.
    package static func policy(_ form: FormParameters) throws -> RealmPasskeyPolicy {
        let roots = try form.single("attestation_roots") ?? ""
        let end = "-----END CERTIFICATE-----"
        var blocks = roots.components(separatedBy: end).dropLast().map { $0.trimmingCharacters(in: .whitespacesAndNewlines) + "\n" + end + "\n" }
        let rest = roots.components(separatedBy: end).last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if !rest.isEmpty { blocks.append(rest) }
        return RealmPasskeyPolicy(
            rpID: try form.single("rp_id")?.trimmingCharacters(in: .whitespaces) ?? "",
            userVerification: try form.single("user_verification"), algorithms: form.all("algorithms"),
            attestationRoots: blocks, aaguids: ConsoleFormat.lines(try form.single("aaguids")))
    }
}
