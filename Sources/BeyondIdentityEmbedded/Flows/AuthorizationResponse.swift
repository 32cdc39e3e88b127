import Foundation
internal import IdentityProtocol

/// Reads an authorization response (RFC 6749 §4.1.2, §4.1.2.1): the client's redirect URI with
/// `code` and `state`, or `error`, `error_description` and `state`.
enum AuthorizationResponse {
    /// The code, after checking the URL is the client's redirect URI and `state` is ours.
    static func code(from url: URL, redirectURI: String, state: String) throws -> AuthorizationCode {
        // An application that signs in on the hosted page sends the browser there, not back.
        if url.path.contains(CrossDeviceAPI.page("")) {
            throw BISDKError.description(
                "This application signs in on the hosted sign-in page (a passkey, or the app on another device), "
                    + "not with the app on this device: open the page in a browser and approve its QR code (bi device approve).")
        }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let expected = URLComponents(string: redirectURI),
              components.scheme == expected.scheme, components.host == expected.host,
              components.port == expected.port, components.path == expected.path
        else { throw BISDKError.invalidServerResponse("the authorization response is not addressed to the redirect URI") }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard value("state") == state else { throw BISDKError.stateMismatch }
        if let error = value("error") {
            throw BISDKError.authorizationFailed(code: error, description: value("error_description"))
        }
        guard let code = value("code"), !code.isEmpty else {
            throw BISDKError.invalidServerResponse("the authorization response has no code")
        }
        return AuthorizationCode(value: code)
    }
}
