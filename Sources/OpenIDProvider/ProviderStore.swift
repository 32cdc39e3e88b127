package import IdentityStorage

/// What the OpenID provider reads and writes: realms and their applications, identities and
/// their groups (for claims), the standing of credentials, codes and issued tokens, sessions,
/// ids used once, rate limits and the audit log.
package typealias ProviderStore = TenantStore & ApplicationStore & IdentityRecordStore & IdentityGroupStore & CredentialStore
    & SignInStore & SessionStore & ReplayStore & AttemptStore & AuditStore
