import Foundation

/// Paths of the admin API, relative to the server's API base URL: the one place `bi`,
/// `bi-bench` and the demo build them (`docs/openapi.json` describes each, with its methods,
/// bodies and errors).
///
/// Each id is percent-encoded as one path segment, so an id can never reach another route.
public enum AdminAPI {
    /// `/v1/admin`: every path below starts with it.
    public static let root = "/v1/admin"
    /// `GET /v1/openapi.json`: the OpenAPI document of this API (public).
    public static let openAPIDocument = "/v1/openapi.json"

    /// `GET` a page of ``AuditEvent``s.
    public static let auditEvents = "\(root)/audit-events"

    /// `POST` ``AdminTokenInput`` → ``AdminToken``; `GET` a page of them.
    public static let tokens = "\(root)/tokens"
    /// `GET` → ``AdminToken``.
    public static func token(_ token: String) -> String { "\(tokens)/\(segment(token))" }
    /// `POST` → the revoked ``AdminToken``.
    public static func revokeToken(_ token: String) -> String { "\(self.token(token))/revoke" }

    /// `POST` ``OperatorInput`` → ``Operator`` (with its enrollment link, once); `GET` a page of them.
    public static let operators = "\(root)/operators"
    /// `GET` → ``Operator``; `PATCH` ``OperatorInput`` (role, tenant) → ``Operator``.
    public static func `operator`(_ id: String) -> String { "\(operators)/\(segment(id))" }

    /// `POST` ``TenantInput`` → ``Tenant``; `GET` a page of them.
    public static let tenants = "\(root)/tenants"
    /// `GET`, `PATCH` ``TenantInput``, `DELETE` (`204`).
    public static func tenant(_ tenant: String) -> String { "\(tenants)/\(segment(tenant))" }

    /// `POST` ``RealmInput`` → ``Realm``; `GET` a page of them.
    public static func realms(tenant: String) -> String { "\(self.tenant(tenant))/realms" }
    /// `GET`, `PATCH` ``RealmInput``, `DELETE` (`204`).
    public static func realm(tenant: String, realm: String) -> String { "\(realms(tenant: tenant))/\(segment(realm))" }
    /// `GET` → [``AdminSigningKey``].
    public static func signingKeys(tenant: String, realm: String) -> String { "\(self.realm(tenant: tenant, realm: realm))/signing-keys" }
    /// `POST` → [``AdminSigningKey``], each current key with a successor.
    public static func rotateSigningKeys(tenant: String, realm: String) -> String {
        "\(signingKeys(tenant: tenant, realm: realm))/rotate"
    }

    /// `POST` ``ApplicationInput`` → ``Application``; `GET` a page of them.
    public static func applications(tenant: String, realm: String) -> String { "\(self.realm(tenant: tenant, realm: realm))/applications" }
    /// `GET`, `PATCH` ``ApplicationInput``, `DELETE` (`204`); `application` is the id, not the client id.
    public static func application(tenant: String, realm: String, application: String) -> String {
        "\(applications(tenant: tenant, realm: realm))/\(segment(application))"
    }
    /// `POST` ``ClientSecretRotationInput`` (optional) → ``Application`` with its new secret.
    public static func rotateClientSecret(tenant: String, realm: String, application: String) -> String {
        "\(self.application(tenant: tenant, realm: realm, application: application))/rotate-secret"
    }

    /// `POST` ``IdentityInput`` → ``Identity``; `GET` a page of them.
    public static func identities(tenant: String, realm: String) -> String { "\(self.realm(tenant: tenant, realm: realm))/identities" }
    /// `GET`, `PATCH` ``IdentityInput``, `DELETE` (`204`).
    public static func identity(tenant: String, realm: String, identity: String) -> String {
        "\(identities(tenant: tenant, realm: realm))/\(segment(identity))"
    }

    /// `GET` a page of ``AdminCredential``s.
    public static func credentials(tenant: String, realm: String, identity: String) -> String {
        "\(self.identity(tenant: tenant, realm: realm, identity: identity))/credentials"
    }
    /// `GET` → ``AdminCredential``.
    public static func credential(tenant: String, realm: String, identity: String, credential: String) -> String {
        "\(credentials(tenant: tenant, realm: realm, identity: identity))/\(segment(credential))"
    }
    /// `POST` → the revoked ``AdminCredential``.
    public static func revokeCredential(tenant: String, realm: String, identity: String, credential: String) -> String {
        "\(self.credential(tenant: tenant, realm: realm, identity: identity, credential: credential))/revoke"
    }

    /// `GET` a page of ``AdminSession``s.
    public static func sessions(tenant: String, realm: String, identity: String) -> String {
        "\(self.identity(tenant: tenant, realm: realm, identity: identity))/sessions"
    }
    /// `POST` → the ended ``AdminSession``.
    public static func revokeSession(tenant: String, realm: String, identity: String, session: String) -> String {
        "\(sessions(tenant: tenant, realm: realm, identity: identity))/\(segment(session))/revoke"
    }

    /// `POST` ``BindingJobInput`` → ``BindingJob``; `GET` a page of them.
    public static func bindingJobs(tenant: String, realm: String, identity: String) -> String {
        "\(self.identity(tenant: tenant, realm: realm, identity: identity))/binding-jobs"
    }
    /// `GET` → ``BindingJob``.
    public static func bindingJob(tenant: String, realm: String, identity: String, job: String) -> String {
        "\(bindingJobs(tenant: tenant, realm: realm, identity: identity))/\(segment(job))"
    }

    /// `POST` → the ``BindingJob`` revoked: its link, not used yet, works no more.
    public static func revokeBindingJob(tenant: String, realm: String, identity: String, job: String) -> String {
        bindingJob(tenant: tenant, realm: realm, identity: identity, job: job) + "/revoke"
    }

    /// `POST` ``ProvisioningTokenInput`` → ``ProvisioningToken`` with its token; `GET` a page of them.
    public static func provisioningTokens(tenant: String, realm: String) -> String {
        "\(self.realm(tenant: tenant, realm: realm))/provisioning-tokens"
    }
    /// `GET` → ``ProvisioningToken``.
    public static func provisioningToken(tenant: String, realm: String, token: String) -> String {
        "\(provisioningTokens(tenant: tenant, realm: realm))/\(segment(token))"
    }
    /// `POST` → the revoked ``ProvisioningToken``.
    public static func revokeProvisioningToken(tenant: String, realm: String, token: String) -> String {
        "\(provisioningToken(tenant: tenant, realm: realm, token: token))/revoke"
    }

    /// `POST` ``WebhookEndpointInput`` → ``WebhookEndpoint`` with its secret; `GET` a page of them.
    public static func webhooks(tenant: String) -> String { "\(self.tenant(tenant))/webhooks" }
    /// `GET`, `PATCH` ``WebhookEndpointInput``, `DELETE` (`204`).
    public static func webhook(tenant: String, webhook: String) -> String { "\(webhooks(tenant: tenant))/\(segment(webhook))" }
    /// `POST` ``WebhookSecretRotationInput`` (optional) → ``WebhookEndpoint`` with its new secret.
    public static func rotateWebhookSecret(tenant: String, webhook: String) -> String {
        "\(self.webhook(tenant: tenant, webhook: webhook))/rotate-secret"
    }
    /// `POST` → the queued test ``WebhookDelivery`` (`202`).
    public static func testWebhook(tenant: String, webhook: String) -> String { "\(self.webhook(tenant: tenant, webhook: webhook))/test" }
    /// `GET` a page of ``WebhookDelivery``s, oldest first.
    public static func webhookDeliveries(tenant: String, webhook: String) -> String {
        "\(self.webhook(tenant: tenant, webhook: webhook))/deliveries"
    }
    /// `GET` → ``WebhookDelivery`` with its attempts.
    public static func webhookDelivery(tenant: String, webhook: String, delivery: String) -> String {
        "\(webhookDeliveries(tenant: tenant, webhook: webhook))/\(segment(delivery))"
    }
    /// `POST` → the ``WebhookDelivery``, pending again (the same `webhook-id`).
    public static func replayWebhookDelivery(tenant: String, webhook: String, delivery: String) -> String {
        "\(self.webhookDelivery(tenant: tenant, webhook: webhook, delivery: delivery))/replay"
    }

    /// A list path with its page: `?page_size=` (when given) and `cursor=` (a page's `next_cursor`).
    public static func page(_ path: String, size: Int?, cursor: String?, _ parameters: [(String, String?)] = []) -> String {
        let query = (parameters + [("page_size", size.map(String.init)), ("cursor", cursor)])
            .compactMap { name, value in value.map { "\(name)=\(encoded($0, allowing: queryValueAllowed))" } }
            .joined(separator: "&")
        return query.isEmpty ? path : "\(path)?\(query)"
    }

    /// What a path segment may hold unencoded: a path's characters but `/`.
    private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))
    /// What a query value may hold unencoded: a query's characters but `&`, `=` and `+`.
    private static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))

    /// `id` as one path segment.
    private static func segment(_ id: String) -> String { encoded(id, allowing: segmentAllowed) }

    /// `text` percent-encoded but for the `allowed` characters.
    private static func encoded(_ text: String, allowing allowed: CharacterSet) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
