import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore
import SwiftASN1
import X509

/// The rules of a realm's passkey policy as the admin API sets it: each field given replaces
/// the stored one once it is checked, then the policy must hold together.
package enum PasskeyPolicyRules {
    /// The key algorithms a passkey may use (the WebAuthn verifier's).
    static let algorithms = ["ES256", "EdDSA", "RS256"]

    /// Applies `input` to `policy` for a server whose public host is `host`.
    package static func apply(_ input: RealmPasskeyPolicy?, to policy: inout RealmRecord.PasskeyPolicy, host: String) throws {
        guard let input else { return }
        if let rpID = input.rpID { policy.rpID = rpID.isEmpty ? nil : try Self.rpID(rpID, host: host) }
        if let verification = input.userVerification {
            guard ["required", "preferred", "discouraged"].contains(verification) else {
                throw ServerError.invalidRequest("'passkey_policy.user_verification' must be one of: required, preferred, discouraged")
            }
            policy.userVerification = verification
        }
        if let algorithms = input.algorithms {
            guard !algorithms.isEmpty, algorithms.allSatisfy(Self.algorithms.contains) else {
                throw ServerError.invalidRequest("'passkey_policy.algorithms' must list some of: \(Self.algorithms.joined(separator: ", "))")
            }
            policy.algorithms = algorithms.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        if let roots = input.attestationRoots { policy.attestationRoots = try Self.roots(roots) }
        if let aaguids = input.aaguids {
            guard aaguids.count <= 100 else { throw ServerError.invalidRequest("'passkey_policy.aaguids' must list at most 100 models") }
            policy.aaguids = try aaguids.map { value in
                guard let uuid = UUID(uuidString: value) else {
                    throw ServerError.invalidRequest("'passkey_policy.aaguids' must be UUIDs (8-4-4-4-12 hexadecimal digits)")
                }
                return uuid.uuidString.lowercased()
            }
        }
        guard policy.aaguids.isEmpty || !policy.attestationRoots.isEmpty else {
            throw ServerError.invalidRequest(
                "'passkey_policy.aaguids' needs 'attestation_roots': an authenticator's model is proven only by an attestation chain")
        }
    }

    /// A domain that is the host or a suffix of it at a label boundary (WebAuthn Level 3 §5.1.3
    /// lets a page use any registrable suffix of its host; which suffixes are registrable is the
    /// operator's to know).
    private static func rpID(_ value: String, host: String) throws -> String {
        let id = value.lowercased()
        let labels = id.split(separator: ".", omittingEmptySubsequences: false)
        guard id.utf8.count <= 253, !labels.isEmpty,
              labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }),
              labels.last?.allSatisfy(\.isNumber) == false
        else { throw ServerError.invalidRequest("'passkey_policy.rp_id' must be a domain name") }
        guard host == id || host.hasSuffix("." + id) else {
            throw ServerError.invalidRequest("'passkey_policy.rp_id' must be the server's host (\(host)) or a domain it is under")
        }
        return id
    }

    /// PEM certificates, parsed and written again as PEM: at most 10 of at most 16 KiB.
    private static func roots(_ values: [String]) throws -> [String] {
        guard values.count <= 10 else { throw ServerError.invalidRequest("'passkey_policy.attestation_roots' must list at most 10 certificates") }
        return try values.map { pem in
            guard pem.utf8.count <= 16_384, let certificate = try? Certificate(pemEncoded: pem),
                  let written = try? certificate.serializeAsPEM().pemString
            else { throw ServerError.invalidRequest("'passkey_policy.attestation_roots' must be PEM certificates of at most 16 KiB") }
            return written
        }
    }
}
