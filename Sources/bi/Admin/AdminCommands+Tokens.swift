import ArgumentParser
import IdentityProtocol

extension AdminCommand {
    struct Tokens: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Admin tokens (managed with an owner's token).",
            discussion: "Example: bi admin tokens create --label ci --tenant T --role support --expires-in 2592000",
            subcommands: [Create.self, List.self, Get.self, Revoke.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create an admin token; the token is printed once and never again.",
                discussion: "Example: bi admin tokens create --label ci --tenant T --role support --expires-in 2592000")
            @OptionGroup var admin: AdminOptions
            @Option(help: "What the token is for (shown in lists and audit events).") var label: String
            @Option(help: "Scope the token to this tenant (default: every tenant).") var tenant: String?
            @Option(help: "owner, tenant_admin, auditor or support (default: owner for every tenant, tenant_admin for one).")
            var role: String?
            @Option(help: "Seconds until the token expires (default: never).") var expiresIn: Int?
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.tokens, body: AdminTokenInput(label: label, tenantID: tenant, role: role, expiresIn: expiresIn),
                    as: AdminToken.self)
            }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List admin tokens, revoked and expired ones included.", discussion: "Example: bi admin tokens list")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var paging: PagingOptions
            func run() async throws { try await admin.call("GET", paging.page(of: AdminAPI.tokens), as: AdminPage<AdminToken>.self) }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show an admin token (never the token itself).", discussion: "Example: bi admin tokens get --id ID")
            @OptionGroup var admin: AdminOptions
            @Option(help: "The token's id.") var id: String
            func run() async throws { try await admin.call("GET", AdminAPI.token(id), as: AdminToken.self) }
        }
        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Revoke an admin token at once (the last owner's cannot be).",
                discussion: "Example: bi admin tokens revoke --id ID")
            @OptionGroup var admin: AdminOptions
            @Option(help: "The token's id.") var id: String
            func run() async throws { try await admin.call("POST", AdminAPI.revokeToken(id), as: AdminToken.self) }
        }
    }
}
