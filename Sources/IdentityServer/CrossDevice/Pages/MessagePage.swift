import IdentityServerCore

/// A page of one message.
struct MessagePage: Sendable {
    let assets: String
    let heading: String
    let message: String
}
