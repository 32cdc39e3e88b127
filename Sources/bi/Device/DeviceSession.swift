import BeyondIdentityEmbedded
import Foundation

/// The tokens of the device's latest sign-in, as the CLI shows them and keeps them
/// (`session.json` in the device directory, readable by its owner only) for `bi device
/// refresh` and `bi device sign-out`.
struct DeviceSession: Codable {
    let accessToken: String
    let tokenType: String
    let expiresIn: Int
    /// The scopes granted, space separated; `nil` when the server did not say (then as requested).
    let scope: String?
    let idToken: String
    let refreshToken: String?
    /// The credential the tokens are bound to (DPoP); `nil` for bearer tokens.
    let boundCredential: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case scope
        case idToken = "id_token"
        case refreshToken = "refresh_token"
        case boundCredential = "bound_credential"
    }

    init(_ tokens: TokenResponse) {
        accessToken = tokens.accessToken.value
        tokenType = tokens.accessToken.type
        expiresIn = tokens.accessToken.expiresIn
        scope = tokens.accessToken.scope
        idToken = tokens.idToken
        refreshToken = tokens.refreshToken
        boundCredential = tokens.boundCredential?.rawValue
    }

    /// The tokens as the SDK takes them.
    var tokens: TokenResponse {
        TokenResponse(
            accessToken: AccessToken(value: accessToken, type: tokenType, expiresIn: expiresIn, scope: scope), idToken: idToken,
            refreshToken: refreshToken, boundCredential: boundCredential.map(Credential.Handle.init(rawValue:)))
    }

    /// The access token's type, scope and lifetime: what the output says of the tokens by default.
    var summary: String {
        "\(tokenType) token, scope \(scope ?? "as requested"), expires in \(expiresIn) s"
    }

    /// The tokens themselves, for `--show-tokens`.
    var tokenLines: [String] {
        ["access token: \(accessToken)", "ID token (verified): \(idToken)",
         refreshToken.map { "refresh token: \($0)" } ?? "no refresh token",
         boundCredential.map { "bound to the key of credential \($0) (DPoP)" } ?? "bearer tokens (not bound to a key)"]
    }

    private static func file(in directory: URL) -> URL { directory.appendingPathComponent("session.json") }

    /// The device's saved session.
    static func load(from directory: URL) throws -> DeviceSession {
        guard let data = FileManager.default.contents(atPath: file(in: directory).path) else {
            throw CLIError("device \(directory.path) has no session: run `bi device authenticate` first")
        }
        return try JSONDecoder().decode(DeviceSession.self, from: data)
    }

    /// Saves the session, replacing the previous one; the file is the owner's only from its creation.
    func save(to directory: URL) throws {
        try AtomicFile.write(try JSONEncoder().encode(self), to: Self.file(in: directory))
    }

    /// Forgets the saved session.
    static func remove(from directory: URL) throws {
        try AtomicFile.remove(file(in: directory))
    }
}
