import Foundation

// Credential extension (a second device), as docs/protocol.md describes it:
// A opens a session (signed by its credential) and shows a rotating 9-digit code;
// B claims it with a CSR; A endorses B's certificate draft; the server issues B's certificate.

/// Device A opens an extension session for the signing credential.
public typealias OpenExtensionRequest = SignedCredentialRequest

/// A session as its holder (device A) first sees it.
public struct OpenedExtension: Codable, Sendable, Equatable {
    public var sessionID: String
    /// The secret A polls, rotates, endorses and cancels with.
    public var secret: String
    public var code: ExtensionCode
    /// Seconds until the whole session ends.
    public var expiresIn: Int

    /// Creates a session.
    public init(sessionID: String, secret: String, code: ExtensionCode, expiresIn: Int) {
        self.sessionID = sessionID
        self.secret = secret
        self.code = code
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret, code
        case expiresIn = "expires_in"
    }
}
