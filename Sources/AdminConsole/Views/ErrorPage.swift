import HTTPTypes
package import IdentityServerCore

/// A refusal or failure, in the server's own words, with how long to wait when it says, and the
/// way back: the dashboard for an operator signed in, the sign-in page otherwise.
package struct ErrorPage: Sendable {
    package let chrome: ConsoleChrome
    /// `404`, `403`, …
    package let status: Int
    /// The reason phrase (“Not Found”).
    package let title: String
    /// The server's description of what went wrong.
    package let message: String
    /// How long to wait before trying again (“Try again in 2 minutes.”), from `Retry-After`.
    package let wait: String?
    /// A page to go on to instead of the dashboard, where there is one.
    package let next: String?

    package init(chrome: ConsoleChrome, _ error: ServerError) {
        self.chrome = chrome
        self.status = error.status.code
        self.title = error.status.reasonPhrase
        self.message = error.description
        self.wait = error.headers[.retryAfter].flatMap(Int.init).map(Self.wait)
        self.next = nil
    }

    /// A form sent again: back to the page the form belongs to (`next`).
    package init(chrome: ConsoleChrome, alreadySent _: FormAlreadySent, next: String) {
        (self.chrome, self.status, self.title, self.message) = (chrome, 409, "Already sent", FormAlreadySent.message)
        (self.wait, self.next) = (nil, next)
    }

    /// “Try again in N seconds/minutes.”
    static func wait(_ seconds: Int) -> String {
        seconds < 120 ? "Try again in \(max(seconds, 1)) second\(seconds == 1 ? "" : "s")."
            : "Try again in \((seconds + 59) / 60) minutes."
    }
}
