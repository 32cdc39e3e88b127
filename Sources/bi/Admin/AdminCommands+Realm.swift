import ArgumentParser
import IdentityProtocol

/// Resources inside a realm: applications, identities, their credentials and binding jobs.
extension AdminCommand {
    struct Applications: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Applications (OAuth clients with an embedded authenticator).",
            discussion: "Example: bi admin applications create --tenant T --realm R --name Shop --type public --redirect-uri https://app.example/callback --invoke-url https://app.example/invoke",
            subcommands: [Create.self, List.self, Get.self, Update.self, RotateSecret.self, Delete.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create an application; a confidential one's secret is shown once.", discussion: "Example: bi admin applications create --tenant T --realm R --name Backend --type confidential --redirect-uri https://app.example/callback --invoke-url https://app.example/invoke --scope openid --scope profile; a service: --type confidential --grant-type client_credentials --scope invoices.read")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "Display name.") var name: String
            @Option(help: "confidential or public.") var type: ClientType
            @OptionGroup var settings: ApplicationSettingsOptions
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.applications(tenant: realm.tenant, realm: realm.realm), body: settings.input(displayName: name, clientType: type.rawValue), as: Application.self)
            }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List a realm's applications.", discussion: "Example: bi admin applications list --tenant T --realm R")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @OptionGroup var paging: PagingOptions
            func run() async throws { try await admin.call("GET", paging.page(of: AdminAPI.applications(tenant: realm.tenant, realm: realm.realm)), as: AdminPage<Application>.self) }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show an application.", discussion: "Example: bi admin applications get --tenant T --realm R --application A")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "The application id.") var application: String
            func run() async throws { try await admin.call("GET", realm.application(application), as: Application.self) }
        }
        struct Update: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Change an application.", discussion: "Example: bi admin applications update --tenant T --realm R --application A --redirect-uri https://app.example/cb2")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "The application id.") var application: String
            @Option(help: "Display name.") var name: String?
            @OptionGroup var settings: ApplicationSettingsOptions
            func run() async throws {
                try await admin.call(
                    "PATCH", realm.application(application), body: settings.input(displayName: name), as: Application.self)
            }
        }
        struct RotateSecret: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Give a confidential application a new secret (shown once); the old one works for the overlap.",
                discussion: "Example: bi admin applications rotate-secret --tenant T --realm R --application A --overlap 3600")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "The application id.") var application: String
            @Option(help: "Seconds the old secret keeps working (default a day; 0 ends it at once).") var overlap: Int?
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.rotateClientSecret(tenant: realm.tenant, realm: realm.realm, application: application),
                    body: ClientSecretRotationInput(overlapSeconds: overlap), as: Application.self)
            }
        }
        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete an application.", discussion: "Example: bi admin applications delete --tenant T --realm R --application A")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "The application id.") var application: String
            func run() async throws { try await admin.delete(realm.application(application)) }
        }
    }

    struct Identities: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Identities (users).", discussion: "Example: bi admin identities create --tenant T --realm R --username ada --email ada@example.com",
            subcommands: [Create.self, List.self, Get.self, Update.self, Delete.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create an identity.", discussion: "Example: bi admin identities create --tenant T --realm R --username ada --email ada@example.com")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "Unique in the realm.") var username: String
            @Option(help: "Where enrollment emails go.") var email: String?
            @Option(help: "Display name (default: the username).") var displayName: String?
            func run() async throws {
                try await admin.call("POST", AdminAPI.identities(tenant: realm.tenant, realm: realm.realm),
                                     body: IdentityInput(username: username, email: email, displayName: displayName), as: Identity.self)
            }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List a realm's identities (with how many the filters select).",
                discussion: "Example: bi admin identities list --tenant T --realm R --search smith --status active --order=-created")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var realm: RealmPath
            @Option(help: "Only those whose username or email contains this text (ignoring case).") var search: String?
            @Option(help: "Only those in this status: active, suspended or deleted.") var status: String?
            @Option(help: "username (default), -username, created (oldest first) or -created (write --order=-created).") var order: String?
            @OptionGroup var paging: PagingOptions
            func run() async throws {
                let path = paging.page(
                    of: AdminAPI.identities(tenant: realm.tenant, realm: realm.realm), [("q", search), ("status", status), ("order", order)])
                try await admin.call("GET", path, as: AdminPage<Identity>.self)
            }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show an identity.", discussion: "Example: bi admin identities get --tenant T --realm R --identity I")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            func run() async throws { try await admin.call("GET", identity.path, as: Identity.self) }
        }
        struct Update: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Change an identity (status active, suspended or deleted).", discussion: "Example: bi admin identities update --tenant T --realm R --identity I --status suspended")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @Option(help: "New username.") var username: String?
            @Option(help: "New email.") var email: String?
            @Option(help: "New display name.") var displayName: String?
            @Option(help: "active, suspended or deleted.") var status: String?
            func run() async throws {
                try await admin.call("PATCH", identity.path, body: IdentityInput(
                    username: username, email: email, displayName: displayName, status: status), as: Identity.self)
            }
        }
        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Delete an identity (kept as deleted; credentials revoked).", discussion: "Example: bi admin identities delete --tenant T --realm R --identity I")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            func run() async throws { try await admin.delete(identity.path) }
        }
    }

    struct Credentials: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "An identity's device credentials.", discussion: "Example: bi admin credentials list --tenant T --realm R --identity I",
            subcommands: [List.self, Get.self, Revoke.self])

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List credentials.", discussion: "Example: bi admin credentials list --tenant T --realm R --identity I")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @OptionGroup var paging: PagingOptions
            func run() async throws { try await admin.call("GET", paging.page(of: identity.credentials), as: AdminPage<AdminCredential>.self) }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show a credential.", discussion: "Example: bi admin credentials get --tenant T --realm R --identity I --credential C")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @Option(help: "The credential id.") var credential: String
            func run() async throws { try await admin.call("GET", identity.credential(credential), as: AdminCredential.self) }
        }
        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Revoke a credential.", discussion: "Example: bi admin credentials revoke --tenant T --realm R --identity I --credential C")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @Option(help: "The credential id.") var credential: String
            func run() async throws { try await admin.call("POST", identity.revokeCredential(credential), as: AdminCredential.self) }
        }
    }

    struct BindingJobs: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "binding-jobs", abstract: "Enrollment links (registration or recovery), by email or returned.",
            discussion: "Example: bi admin binding-jobs create --tenant T --realm R --identity I --delivery return",
            subcommands: [Create.self, List.self, Get.self, Revoke.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Create an enrollment link.", discussion: "Example: bi admin binding-jobs create --tenant T --realm R --identity I --kind recovery --delivery email")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @Option(help: "registration or recovery.") var kind = BindingJobKind.registration.rawValue
            @Option(help: "email or return.") var delivery = BindingJobDelivery.email.rawValue
            @Option(help: "Where the app sends the user after binding.") var postBindingRedirectURI: String?
            @Option(help: "Seconds until the link expires.") var lifetime: Int?
            @Flag(help: "Recovery only: leave the user's other credentials active (by default recovery revokes them).")
            var keepOtherCredentials = false
            func run() async throws {
                try await admin.call("POST", identity.bindingJobs, body: BindingJobInput(
                    kind: kind, delivery: delivery, postBindingRedirectURI: postBindingRedirectURI, lifetimeSeconds: lifetime,
                    keepOtherCredentials: keepOtherCredentials ? true : nil),
                    as: BindingJob.self)
            }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List binding jobs.", discussion: "Example: bi admin binding-jobs list --tenant T --realm R --identity I")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @OptionGroup var paging: PagingOptions
            func run() async throws { try await admin.call("GET", paging.page(of: identity.bindingJobs), as: AdminPage<BindingJob>.self) }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show a binding job.", discussion: "Example: bi admin binding-jobs get --tenant T --realm R --identity I --job J")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @Option(help: "The binding job id.") var job: String
            func run() async throws { try await admin.call("GET", identity.bindingJob(job), as: BindingJob.self) }
        }
        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Revoke an enrollment link not used yet: it works no more.",
                discussion: "Example: bi admin binding-jobs revoke --tenant T --realm R --identity I --job J")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var identity: IdentityPath
            @Option(help: "The binding job id.") var job: String
            func run() async throws { try await admin.call("POST", identity.bindingJob(job) + "/revoke", as: BindingJob.self) }
        }
    }
}
