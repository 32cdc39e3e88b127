import IdentityServerCore

/// What the page of an approved sign-in shows: continue as who approved it, or cancel.
package struct ContinuePage: Sendable {
    package let assets: String
    package let application: String
    package let page: String
    /// Who approved: the identity's display name or username.
    package let identity: String
}
