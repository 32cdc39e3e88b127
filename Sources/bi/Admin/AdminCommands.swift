import ArgumentParser
import IdentityProtocol

/// `bi admin …`: a client for every admin API resource.
struct AdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Administer a server: tenants, realms, applications, identities, credentials, sessions, binding jobs, admin tokens, provisioning tokens, webhooks.",
        discussion: "Example: BI_ADMIN_TOKEN=$(cat data/admin-token) bi admin tenants list",
        subcommands: [Tenants.self, Realms.self, Applications.self, Identities.self, Credentials.self,
                      Sessions.self, BindingJobs.self, AuditEvents.self, Tokens.self, ProvisioningTokens.self, Webhooks.self])

    struct Tenants: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Tenants.", discussion: "Example: bi admin tenants create --name Acme",
            subcommands: [Create.self, List.self, Get.self, Update.self, Delete.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create a tenant.", discussion: "Example: bi admin tenants create --name Acme")
            @OptionGroup var admin: AdminOptions
            @Option(help: "Display name.") var name: String
            func run() async throws { try await admin.call("POST", AdminAPI.tenants, body: TenantInput(displayName: name), as: Tenant.self) }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List tenants.", discussion: "Example: bi admin tenants list --json")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var paging: PagingOptions
            func run() async throws { try await admin.call("GET", paging.page(of: AdminAPI.tenants), as: AdminPage<Tenant>.self) }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show a tenant.", discussion: "Example: bi admin tenants get --tenant ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var tenant: TenantPath
            func run() async throws { try await admin.call("GET", tenant.path, as: Tenant.self) }
        }
        struct Update: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Rename a tenant.", discussion: "Example: bi admin tenants update --tenant ID --name 'Acme Inc.'")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var tenant: TenantPath
            @Option(help: "Display name.") var name: String
            func run() async throws { try await admin.call("PATCH", tenant.path, body: TenantInput(displayName: name), as: Tenant.self) }
        }
        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete a tenant and everything under it.", discussion: "Example: bi admin tenants delete --tenant ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var tenant: TenantPath
            func run() async throws { try await admin.delete(tenant.path) }
        }
    }

    struct Realms: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Realms (each with its own CA and OpenID provider).",
            discussion: "Example: bi admin realms create --tenant T --name Customers --registration-redirect-uri https://app.example/register",
            subcommands: [Create.self, List.self, Get.self, Update.self, Delete.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create a realm.", discussion: "Example: bi admin realms create --tenant T --name Customers --registration-redirect-uri https://app.example/register")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var tenant: TenantPath
            @Option(help: "Display name.") var name: String
            @Option(help: "Where enrollment links send the user.") var registrationRedirectURI: String
            @Option(help: "For a user the directory creates through SCIM: none, or email (mail it a registration link).")
            var scimEnrollment: String?
            @Option(help: "Whether the realm serves its account page, where users manage their own passkeys, devices and sessions (default true).")
            var accountPage: Bool?
            @OptionGroup var passkeys: PasskeyPolicyOptions
            func run() async throws {
                try await admin.call("POST", AdminAPI.realms(tenant: tenant.tenant),
                                     body: RealmInput(displayName: name, registrationRedirectURI: registrationRedirectURI,
                                                      scimEnrollment: scimEnrollment, passkeyPolicy: try passkeys.policy(),
                                                      accountPage: accountPage), as: Realm.self)
            }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List a tenant's realms.", discussion: "Example: bi admin realms list --tenant T")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var tenant: TenantPath
            @OptionGroup var paging: PagingOptions
            func run() async throws { try await admin.call("GET", paging.page(of: AdminAPI.realms(tenant: tenant.tenant)), as: AdminPage<Realm>.self) }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show a realm (issuer, CA certificate).", discussion: "Example: bi admin realms get --tenant T --realm R")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            func run() async throws { try await admin.call("GET", realm.path, as: Realm.self) }
        }
        struct Update: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Change a realm.", discussion: "Example: bi admin realms update --tenant T --realm R --name Staff --passkey-user-verification preferred")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "Display name.") var name: String?
            @Option(help: "Where enrollment links send the user.") var registrationRedirectURI: String?
            @Option(help: "For a user the directory creates through SCIM: none, or email (mail it a registration link).")
            var scimEnrollment: String?
            @Option(help: "Whether the realm serves its account page, where users manage their own passkeys, devices and sessions.")
            var accountPage: Bool?
            @OptionGroup var passkeys: PasskeyPolicyOptions
            func run() async throws {
                try await admin.call("PATCH", realm.path,
                                     body: RealmInput(displayName: name, registrationRedirectURI: registrationRedirectURI,
                                                      scimEnrollment: scimEnrollment, passkeyPolicy: try passkeys.policy(),
                                                      accountPage: accountPage), as: Realm.self)
            }
        }
        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete a realm and everything in it.", discussion: "Example: bi admin realms delete --tenant T --realm R")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            func run() async throws { try await admin.delete(realm.path) }
        }
    }

    struct AuditEvents: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audit-events", abstract: "Read the audit log.", discussion: "Example: bi admin audit-events --page-size 20")
        @OptionGroup var admin: AdminOptions
        @OptionGroup var paging: PagingOptions
        func run() async throws { try await admin.call("GET", paging.page(of: AdminAPI.auditEvents), as: AdminPage<AuditEvent>.self) }
    }
}
