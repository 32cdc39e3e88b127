import Foundation

/// Creates a binding job.
public struct BindingJobInput: Codable, Sendable, Equatable {
    /// `registration` (default) or `recovery`.
    public var kind: String?
    /// `email` (default) or `return`.
    public var delivery: String?
    public var postBindingRedirectURI: String?
    /// Seconds until the link expires (60 … 30 days; default 24 h).
    public var lifetimeSeconds: Int?
    /// A recovery revokes the identity's other credentials when it completes, unless this is
    /// `true` (recovery only).
    public var keepOtherCredentials: Bool?

    /// Creates an input.
    public init(
        kind: String? = nil, delivery: String? = nil, postBindingRedirectURI: String? = nil, lifetimeSeconds: Int? = nil,
        keepOtherCredentials: Bool? = nil
    ) {
        self.kind = kind
        self.delivery = delivery
        self.postBindingRedirectURI = postBindingRedirectURI
        self.lifetimeSeconds = lifetimeSeconds
        self.keepOtherCredentials = keepOtherCredentials
    }

    enum CodingKeys: String, CodingKey {
        case kind, delivery
        case postBindingRedirectURI = "post_binding_redirect_uri"
        case lifetimeSeconds = "lifetime_seconds"
        case keepOtherCredentials = "keep_other_credentials"
    }
}
