import Foundation

/// Paths of the device API, relative to the server's API base URL.
///
/// Secrets (binding tokens, transaction references) travel in request bodies, never in
/// paths, so they stay out of access logs.
public enum DeviceAPI {
    /// `POST` ``BindCredentialRequest`` → ``BindCredentialResponse``.
    public static let bindCredential = "/v1/device/credentials"
    /// `POST` ``AuthenticationChallengeRequest`` → ``AuthenticationChallenge``.
    public static let authenticationChallenge = "/v1/device/authenticate/challenge"
    /// `POST` ``AuthenticationAssertion`` → ``AuthenticationResult``.
    public static let authenticate = "/v1/device/authenticate"
    /// `POST` ``RevokeCredentialRequest`` → ``CredentialDescriptor``.
    public static let revokeCredential = "/v1/device/credentials/revoke"
    /// `POST` ``CredentialStatusRequest`` → ``CredentialStatusResponse``.
    public static let credentialStatus = "/v1/device/credentials/status"
    /// `POST` ``OpenExtensionRequest`` → ``OpenedExtension`` (device A).
    public static let openExtension = "/v1/device/extensions"
    /// `POST` ``ExtensionStatusRequest`` → ``ExtensionStatus`` (either device; long poll).
    public static let extensionStatus = "/v1/device/extensions/status"
    /// `POST` ``ExtensionSessionReference`` → ``ExtensionCode``: replaces A's code now.
    public static let rotateExtensionCode = "/v1/device/extensions/code"
    /// `POST` ``EndorseExtensionRequest`` → ``ExtensionStatus`` (device A).
    public static let endorseExtension = "/v1/device/extensions/endorse"
    /// `POST` ``ExtensionSessionReference`` → ``ExtensionStatus``: device A cancels, or device B
    /// withdraws its claim (the status then carries B's credential if A endorsed first).
    public static let cancelExtension = "/v1/device/extensions/cancel"
    /// `POST` ``ClaimExtensionRequest`` → ``ExtensionSessionReference`` (device B; rate-limited).
    public static let claimExtension = "/v1/device/extensions/claim"
    /// `GET /v1/clients/{client_id}` → ``ClientInfo``: which issuer serves a client.
    public static func client(_ clientID: String) -> String {
        "/v1/clients/\(clientID.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? clientID)"
    }
    /// `GET /v1/bind?token=…`: the enrollment link; answers 302 to the realm's registration redirect URI.
    public static let enrollmentLink = "/v1/bind"
}
