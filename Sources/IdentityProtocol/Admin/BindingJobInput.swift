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

    /// Creates an input.
    public init(kind: String? = nil, delivery: String? = nil, postBindingRedirectURI: String? = nil, lifetimeSeconds: Int? = nil) {
        self.kind = kind
        self.delivery = delivery
        self.postBindingRedirectURI = postBindingRedirectURI
        self.lifetimeSeconds = lifetimeSeconds
    }

    enum CodingKeys: String, CodingKey {
        case kind, delivery
        case postBindingRedirectURI = "post_binding_redirect_uri"
        case lifetimeSeconds = "lifetime_seconds"
    }
}
