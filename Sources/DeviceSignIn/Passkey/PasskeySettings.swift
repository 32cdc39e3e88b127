public import Foundation
package import IdentityServerCore
package import WebAuthn

/// Passkeys in the browser (WebAuthn): the relying party's rules. Which applications offer
/// them is each application's `sign_in_methods`.
public struct PasskeySettings: Sendable {
    /// The RP ID passkeys are bound to; `nil`: the public base URL's host. It cannot change once
    /// passkeys are registered: they would stop working.
    public var rpID: String?
    /// Whether the authenticator must verify the user (`required`, `preferred`, `discouraged`).
    public var userVerification = "required"
    /// How long the browser has between asking for options and sending the passkey back.
    public var ceremonyLifetime: TimeInterval = 300

    /// The defaults.
    public init() {}
}

extension PasskeySettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<PasskeySettings>] = [
        Setting(
            "passkeys.rp_id", \.rpID, .optionalText,
            help: "The WebAuthn RP ID passkeys are bound to (default: the public base URL's host); changing it strands registered passkeys."),
        Setting(
            "passkeys.user_verification", \.userVerification, .choice(["required", "preferred", "discouraged"]),
            help: "Whether a passkey's authenticator must verify the user (screen lock, PIN, biometrics)."),
        Setting(
            "passkeys.ceremony_lifetime", \.ceremonyLifetime, .seconds(30...900),
            help: "How long a browser has to create a passkey after asking for its options."),
    ]
}

extension PasskeySettings {
    /// The relying party for the server's public base URL as it is now (it is known only once
    /// the server listens, when not configured): its origin as browsers serialize it (lower
    /// case, no default port), and its host unless ``rpID`` says.
    package func relyingParty(for baseURL: PublicBaseURL) -> RelyingParty {
        let base = URLComponents(string: baseURL.value)
        let scheme = base?.scheme?.lowercased() ?? "https"
        let host = base?.host?.lowercased() ?? ""
        let port = base?.port.flatMap { (scheme, $0) == ("http", 80) || (scheme, $0) == ("https", 443) ? nil : $0 }
        return RelyingParty(
            id: rpID?.lowercased() ?? host, origins: ["\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")"],
            userVerification: UserVerificationRequirement(rawValue: userVerification) ?? .required)
    }
}
