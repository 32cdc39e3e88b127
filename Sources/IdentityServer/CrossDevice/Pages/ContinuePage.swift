import IdentityServerCore

/// What the page of an approved sign-in shows: continue as who approved it, or cancel.
struct ContinuePage: Sendable {
    let assets: String
    let application: String
    let page: String
    /// Who approved: the identity's display name or username.
    let identity: String
}
