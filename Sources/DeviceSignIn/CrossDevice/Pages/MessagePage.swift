import IdentityServerCore

/// A page of one message, and what to do next where there is something.
package struct MessagePage: Sendable {
    package let assets: String
    package let heading: String
    package let message: String
    package var next: String? = nil
}
