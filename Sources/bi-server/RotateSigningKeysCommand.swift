import ArgumentParser
import IdentityServer
import IdentityServerCore

/// `bi-server keys rotate-signing`: gives realms new token-signing keys, published ahead.
struct RotateSigningKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-signing",
        abstract: "Rotate the realms' token-signing keys now (they also rotate on a schedule: signing_keys.lifetime).",
        discussion: """
            Each realm gets a new key, published in its JWKS at once and signing after the \
            pre-publication period; the current key signs until then and stays published while the \
            tokens it signed live. Servers keep serving. Realm CA keys and the master key are not touched.

            Examples:
              bi-server keys rotate-signing --data-directory ./data
              bi-server keys rotate-signing --realm rlm_… --activate-in 0     # a key believed compromised
            """)

    @OptionGroup var options: ServerOptions

    @Option(help: "Only this realm.")
    var realm: String?

    @Option(help: "Seconds until the new keys sign (default: signing_keys.prepublication, one day).")
    var activateIn: Int?

    func run() async throws {
        if let activateIn, activateIn < 0 { throw ValidationError("--activate-in must not be negative") }
        let rotated = try await IdentityServer.rotateSigningKeys(
            try options.resolve().configuration, realmID: realm, prepublication: activateIn.map(Double.init))
        for (realmID, kid) in rotated { say("\(realmID): new key \(kid)") }
        say("rotated \(rotated.count) keys")
    }
}
