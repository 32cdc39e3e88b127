/// Which audit events become which webhook events: the database fans an audit event out to
/// the subscribed endpoints when a row here names its type (and its detail, compact JSON with
/// sorted keys, holds `detailIncludes` and not `detailExcludes`, when those are given). The table
/// `webhook_event_types` is rewritten from this list by every ``IdentityStore/migrate()``.
public struct WebhookEventMapping: Sendable, Equatable {
    /// The audit event's type.
    public let auditType: String
    /// The webhook event's type.
    public let eventType: String
    /// Text the audit event's detail must contain (for example `"by":"device"`).
    public let detailIncludes: String?
    /// Text the audit event's detail must not contain.
    public let detailExcludes: String?

    init(_ auditType: String, _ eventType: String, includes: String? = nil, excludes: String? = nil) {
        self.auditType = auditType
        self.eventType = eventType
        self.detailIncludes = includes
        self.detailExcludes = excludes
    }

    /// Every mapping. An identity update (by the admin API or SCIM) that suspends it carries `"status":"suspended"` in
    /// its detail; a credential the device revoked itself (the SDK's `deleteCredential`) carries
    /// `"by":"device"`.
    public static let all: [WebhookEventMapping] = [
        WebhookEventMapping("admin.identity.created", "identity.created"),
        WebhookEventMapping("admin.identity.updated", "identity.updated", excludes: #""status":"suspended""#),
        WebhookEventMapping("admin.identity.updated", "identity.suspended", includes: #""status":"suspended""#),
        WebhookEventMapping("admin.identity.deleted", "identity.deleted"),
        // The same changes made by a directory through SCIM.
        WebhookEventMapping("scim.user.created", "identity.created"),
        WebhookEventMapping("scim.user.updated", "identity.updated", excludes: #""status":"suspended""#),
        WebhookEventMapping("scim.user.updated", "identity.suspended", includes: #""status":"suspended""#),
        WebhookEventMapping("scim.user.deleted", "identity.deleted"),
        // A person's own change of their email address on the account page, and its cancellation
        // once it was made.
        WebhookEventMapping("account.email_changed", "identity.updated"),
        WebhookEventMapping("account.email_change_cancelled", "identity.updated", includes: #""restored":"true""#),
        WebhookEventMapping("scim.group.created", "group.created"),
        WebhookEventMapping("scim.group.updated", "group.updated"),
        WebhookEventMapping("scim.group.deleted", "group.deleted"),
        WebhookEventMapping("credential.bound", "credential.bound"),
        WebhookEventMapping("credential.extended", "credential.bound"),
        WebhookEventMapping("credential.revoked", "credential.revoked", excludes: #""by":"device""#),
        WebhookEventMapping("credential.revoked", "credential.deleted", includes: #""by":"device""#),
        WebhookEventMapping("authentication.succeeded", "sign_in.succeeded"),
        WebhookEventMapping("authentication.refused", "sign_in.refused"),
        WebhookEventMapping("email_code.refused", "sign_in.refused"),
        WebhookEventMapping("cross_device.refused", "sign_in.refused"),
        WebhookEventMapping("session.revoked", "session.revoked"),
        WebhookEventMapping("refresh_token.reused", "refresh_token.reused"),
        WebhookEventMapping("binding_job.created", "binding_job.created"),
        WebhookEventMapping("binding_job.delivered", "binding_job.delivered"),
        WebhookEventMapping("binding_job.mail_failed", "binding_job.delivery_failed"),
        WebhookEventMapping("admin.token.created", "admin_token.created"),
        WebhookEventMapping("admin.token.revoked", "admin_token.revoked"),
    ]

    /// Every webhook event type, each once, in the order of ``all``.
    public static let eventTypes: [String] = all.reduce(into: []) { types, mapping in
        if !types.contains(mapping.eventType) { types.append(mapping.eventType) }
    }
}
