/// Asks the server to mail a one-time code for a pending sign-in.
public struct EmailCodeRequest: Codable, Sendable, Equatable {
    /// The sign-in's transaction reference (from the invoke URL).
    public var transaction: String
    /// The address to mail the code to, if it is an identity's of the realm.
    public var email: String

    /// Creates a request.
    public init(transaction: String, email: String) {
        self.transaction = transaction
        self.email = email
    }
}
