import HTTPTypes
package import IdentityServerCore

/// A refusal or failure, in the server's own words.
package struct ErrorPage: Sendable {
    package let chrome: ConsoleChrome
    /// `404`, `403`, …
    package let status: Int
    /// The reason phrase (“Not Found”).
    package let title: String
    /// The server's description of what went wrong.
    package let message: String

    package init(chrome: ConsoleChrome, _ error: ServerError) {
        self.chrome = chrome
        self.status = error.status.code
        self.title = error.status.reasonPhrase
        self.message = error.description
    }
}
