package import IdentityServerCore

/// The console's templates, compiled into the binary (one source per file beside this one, so
/// the server stays one file to deploy). Every page fills the blocks of ``layout``. Only
/// `{{name}}`, which escapes for HTML, is used: a test fails on the raw forms.
package enum ConsoleTemplate: String, PageTemplate {
    case layout
    case signIn = "sign-in"
    case error
    case confirm
    case shownOnce = "shown-once"
    case dashboard
    case tenants
    case tenant
    case realm
    case applicationForm = "application-form"
    case identities
    case identity
    case adminTokens = "admin-tokens"
    case provisioningTokens = "provisioning-tokens"
    case audit
    case auditEvent = "audit-event"
    case webhooks
    case webhook
    case webhookFields = "webhook-fields"
    case stepUp = "step-up"
    case operators
    case `operator`
    case roleAndScope = "role-and-scope"

    /// The template's Mustache source.
    package var source: String {
        switch self {
        case .layout: Self.layoutSource
        case .signIn: Self.signInSource
        case .error: Self.errorSource
        case .confirm: Self.confirmSource
        case .shownOnce: Self.shownOnceSource
        case .dashboard: Self.dashboardSource
        case .tenants: Self.tenantsSource
        case .tenant: Self.tenantSource
        case .realm: Self.realmSource
        case .applicationForm: Self.applicationFormSource
        case .identities: Self.identitiesSource
        case .identity: Self.identitySource
        case .adminTokens: Self.adminTokensSource
        case .provisioningTokens: Self.provisioningTokensSource
        case .audit: Self.auditSource
        case .auditEvent: Self.auditEventSource
        case .webhooks: Self.webhooksSource
        case .webhook: Self.webhookSource
        case .webhookFields: Self.webhookFieldsSource
        case .stepUp: Self.stepUpSource
        case .operators: Self.operatorsSource
        case .operator: Self.operatorSource
        case .roleAndScope: Self.roleAndScopeSource
        }
    }
}

/// The console's renderer.
package typealias ConsoleRenderer = PageRenderer<ConsoleTemplate>
