/// Every type of audit event the server writes, by family (the part before the first dot):
/// what the console's audit filter offers, and what the tests hold the server's events to.
public enum AuditEventCatalogue {
    /// One family: its prefix (`admin.`) and its types, each starting with it.
    public struct Family: Sendable, Equatable {
        /// The family's prefix, ending in a dot: a filter for all of its types.
        public let prefix: String
        /// The family's types.
        public let types: [String]

        init(_ name: String, _ suffixes: [String]) {
            let prefix = name + "."
            self.prefix = prefix
            types = suffixes.map { prefix + $0 }
        }
    }

    /// The families, in alphabetical order; their types in order of their life cycle.
    public static let families: [Family] = [
        Family("account", [
            "signed_in", "signed_out", "email_change_requested", "email_changed", "email_change_cancelled",
        ]),
        Family("admin", [
            "tenant.created", "tenant.updated", "tenant.deleted", "realm.created", "realm.updated", "realm.deleted",
            "application.created", "application.updated", "application.secret_rotated", "application.deleted",
            "identity.created", "identity.updated", "identity.deleted", "provisioning_token.created",
            "provisioning_token.revoked", "token.created", "token.revoked", "webhook.created", "webhook.updated",
            "webhook.secret_rotated", "webhook.deleted", "refused",
        ]),
        Family("authentication", ["succeeded", "refused"]),
        Family("authorization_code", ["replayed"]),
        Family("binding_job", ["created", "delivered", "mail_failed", "revoked"]),
        Family("console", ["signed_in", "signed_out"]),
        Family("credential", ["bound", "extended", "renamed", "revoked"]),
        Family("cross_device", ["approved", "declined", "cancelled", "expired", "refused"]),
        Family("email_code", ["requested", "refused"]),
        Family("enrollment", ["refused"]),
        Family("extension", ["opened", "claimed", "claim_refused", "cancelled"]),
        Family("refresh_token", ["reused"]),
        Family("scim", [
            "user.created", "user.updated", "user.deleted", "group.created", "group.updated", "group.deleted", "refused",
        ]),
        Family("session", ["revoked"]),
        Family("signing_key", ["rotated"]),
        Family("token", ["issued", "refreshed", "revoked"]),
    ]

    /// Every type, family by family.
    public static let types: [String] = families.flatMap(\.types)
}
