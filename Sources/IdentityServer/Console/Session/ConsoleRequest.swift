import IdentityProtocol

/// What the console's session middleware established for a request: its session and, for a
/// form post, the form (its CSRF token already checked).
struct ConsoleRequest: Sendable {
    let session: ConsoleSession
    /// The posted form; empty for a `GET`.
    let form: FormParameters

    /// A form field's value; `nil` when absent or empty, `400` when sent twice.
    func field(_ name: String) throws -> String? {
        try form.single(name)
    }
}

extension ServerRequestContext {
    /// The console request; `401` outside the session middleware (a programming error).
    func requireConsole() throws -> ConsoleRequest {
        guard let console else { throw ServerError(APIErrorCode.unauthorized, "sign in to the console first") }
        return console
    }
}
