/// What an administrator (an admin token, or an operator signed in to the console) may do;
/// stored as its raw value. What each role permits is decided in one place, by the admin service.
public enum AdminRole: String, Sendable, CaseIterable {
    /// Everything: every tenant, the server's own resources (tenants, admin tokens, operators).
    case owner
    /// Everything inside the tenants granted: realms, applications, keys, webhooks, identities.
    case tenantAdmin = "tenant_admin"
    /// Reads everything it reaches (the audit log, the dashboard, identities, settings), never a
    /// secret, and changes nothing.
    case auditor
    /// Helps people: identities and their credentials, sessions and enrollment links; no
    /// applications, keys, webhooks or provisioning tokens.
    case support
}
