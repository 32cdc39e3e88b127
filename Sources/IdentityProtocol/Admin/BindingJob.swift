public import Foundation

/// A credential binding job: an enrollment link for an identity.
public struct BindingJob: Codable, Sendable, Equatable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// `registration` or `recovery`.
    public var kind: BindingJobKind
    /// `email` or `return`.
    public var delivery: BindingJobDelivery
    public var postBindingRedirectURI: String?
    /// `pending` or `complete`.
    public var status: BindingJobStatus
    public var expiresAt: Date
    public var createdAt: Date
    public var completedAt: Date?
    public var credentialID: String?
    /// Only in the response that creates a job with delivery `return`.
    public var credentialBindingLink: String?
    /// Whether a recovery leaves the identity's other credentials active.
    public var keepOtherCredentials: Bool
    /// For delivery `email`: whether its mail was delivered, is pending, or failed for good.
    public var mailStatus: BindingJobMailStatus?
    /// The attempts at sending the mail so far.
    public var mailAttempts: Int?
    /// When the mail is next tried, while pending.
    public var mailNextAttemptAt: Date?
    /// When the mail was delivered or given up.
    public var mailCompletedAt: Date?
    /// Why the last attempt failed, in the relay's words (for a pending mail, the last failure).
    public var mailError: String?

    /// Creates a binding job value.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, kind: BindingJobKind, delivery: BindingJobDelivery,
        postBindingRedirectURI: String?, status: BindingJobStatus, expiresAt: Date, createdAt: Date, completedAt: Date?,
        credentialID: String?, credentialBindingLink: String?, keepOtherCredentials: Bool = false,
        mailStatus: BindingJobMailStatus? = nil, mailAttempts: Int? = nil, mailNextAttemptAt: Date? = nil, mailCompletedAt: Date? = nil,
        mailError: String? = nil
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.identityID = identityID
        self.kind = kind
        self.delivery = delivery
        self.postBindingRedirectURI = postBindingRedirectURI
        self.status = status
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.credentialID = credentialID
        self.credentialBindingLink = credentialBindingLink
        self.keepOtherCredentials = keepOtherCredentials
        self.mailStatus = mailStatus
        self.mailAttempts = mailAttempts
        self.mailNextAttemptAt = mailNextAttemptAt
        self.mailCompletedAt = mailCompletedAt
        self.mailError = mailError
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, delivery, status
        case tenantID = "tenant_id"
        case realmID = "realm_id"
        case identityID = "identity_id"
        case postBindingRedirectURI = "post_binding_redirect_uri"
        case expiresAt = "expires_at"
        case createdAt = "created_at"
        case completedAt = "completed_at"
        case credentialID = "credential_id"
        case credentialBindingLink = "credential_binding_link"
        case keepOtherCredentials = "keep_other_credentials"
        case mailStatus = "mail_status"
        case mailAttempts = "mail_attempts"
        case mailNextAttemptAt = "mail_next_attempt_at"
        case mailCompletedAt = "mail_completed_at"
        case mailError = "mail_error"
    }
}
