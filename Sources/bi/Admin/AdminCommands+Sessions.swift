import ArgumentParser
import IdentityProtocol

extension AdminCommand {
    struct Sessions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "An identity's sign-ins (sessions with their refresh tokens).",
            discussion: "Example: bi admin sessions list --tenant T --realm R --identity I",
            subcommands: [List.self, Revoke.self])

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List sessions, ended ones included.", discussion: "Example: bi admin sessions list --tenant T --realm R --identity I")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @OptionGroup var paging: PagingOptions
            func run() async throws { try await admin.call("GET", paging.page(of: identity.sessions), as: AdminPage<AdminSession>.self) }
        }
        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "End a session: its refresh token and access tokens stop working at once.", discussion: "Example: bi admin sessions revoke --tenant T --realm R --identity I --session S")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @Option(help: "The session id.") var session: String
            func run() async throws { try await admin.call("POST", identity.revokeSession(session), as: AdminSession.self) }
        }
    }
}
