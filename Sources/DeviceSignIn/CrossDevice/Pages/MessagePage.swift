import IdentityServerCore

/// A page of one message.
package struct MessagePage: Sendable {
    package let assets: String
    package let heading: String
    package let message: String
}
