import IdentityProtocol
package import IdentityServerCore

/// What the console's session middleware established for a request: its session and, for a
/// form post, the form (its CSRF token already checked).
package struct ConsoleRequest: Sendable {
    package let session: ConsoleSession
    /// The posted form; empty for a `GET`.
    package let form: FormParameters

    /// A form field's value; `nil` when absent or empty, `400` when sent twice.
    package func field(_ name: String) throws -> String? {
        try form.single(name)
    }

    /// The `expires_in_days` field as seconds; `nil` when empty (never), `400` unless a whole
    /// number of days above zero.
    package func expiresIn() throws -> Int? {
        try field("expires_in_days").map { text in
            guard let days = Int(text), days > 0, days <= 3650 else {
                throw ServerError.invalidRequest("'expires_in_days' must be a whole number of days, 1 to 3650")
            }
            return days * 86_400
        }
    }
}

extension ServerRequestContext {
    /// The console request; `401` outside the session middleware (a programming error).
    package func requireConsole() throws -> ConsoleRequest {
        guard let console else { throw ServerError(APIErrorCode.unauthorized, "sign in to the console first") }
        return console
    }
}
