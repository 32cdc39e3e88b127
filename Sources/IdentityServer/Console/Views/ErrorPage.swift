import IdentityServerCore

/// A refusal or failure, in the server's own words.
struct ErrorPage: Sendable {
    let chrome: ConsoleChrome
    /// `404`, `403`, …
    let status: Int
    /// The reason phrase (“Not Found”).
    let title: String
    /// The server's description of what went wrong.
    let message: String

    init(chrome: ConsoleChrome, _ error: ServerError) {
        self.chrome = chrome
        self.status = error.status.code
        self.title = error.status.reasonPhrase
        self.message = error.description
    }
}
