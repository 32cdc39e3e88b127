import ArgumentParser
import IdentityProtocol

extension AdminCommand {
    struct ProvisioningTokens: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "provisioning-tokens",
            abstract: "Provisioning tokens: bearer tokens of a realm's SCIM service, for a directory (Entra ID, Okta).",
            discussion: "Example: bi admin provisioning-tokens create --tenant T --realm R --label entra",
            subcommands: [Create.self, List.self, Get.self, Revoke.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create a provisioning token; the token is printed once and never again, with the SCIM base URL.",
                discussion: "Example: bi admin provisioning-tokens create --tenant T --realm R --label entra --expires-in 31536000")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "What the token is for (shown in lists and audit events).") var label: String
            @Option(help: "Seconds until the token expires (default: never).") var expiresIn: Int?
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.provisioningTokens(tenant: realm.tenant, realm: realm.realm),
                    body: ProvisioningTokenInput(label: label, expiresIn: expiresIn), as: ProvisioningToken.self)
            }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List a realm's provisioning tokens, revoked and expired ones included.",
                discussion: "Example: bi admin provisioning-tokens list --tenant T --realm R")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @OptionGroup var paging: PagingOptions
            func run() async throws {
                try await admin.call(
                    "GET", paging.page(of: AdminAPI.provisioningTokens(tenant: realm.tenant, realm: realm.realm)),
                    as: AdminPage<ProvisioningToken>.self)
            }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Show a provisioning token (never the token itself).",
                discussion: "Example: bi admin provisioning-tokens get --tenant T --realm R --id ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "The token's id.") var id: String
            func run() async throws {
                try await admin.call(
                    "GET", AdminAPI.provisioningToken(tenant: realm.tenant, realm: realm.realm, token: id), as: ProvisioningToken.self)
            }
        }
        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Revoke a provisioning token at once.",
                discussion: "Example: bi admin provisioning-tokens revoke --tenant T --realm R --id ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "The token's id.") var id: String
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.revokeProvisioningToken(tenant: realm.tenant, realm: realm.realm, token: id), as: ProvisioningToken.self)
            }
        }
    }
}
