package import Foundation
import IdentityProtocol

/// Reads a sign-in URL, `{server}/v1/cross-device?request=CODE`: what a browser that cannot
/// hand a sign-in to an app on its own device shows (as a QR code and as text), for the app on
/// another device to approve.
package enum SignInURL {
    /// Whether `url` has the shape of a sign-in URL, of any server: its path ends with
    /// `CrossDeviceAPI.signInURL` and it has a `request` item.
    package static func isSignInURL(_ url: URL) -> Bool {
        url.path.hasSuffix(CrossDeviceAPI.signInURL) && code(in: url) != nil
    }

    /// The code (`XXXX-XXXX`) of a sign-in URL of the configured server; read without any
    /// request, so a URL of another server is refused before the SDK talks to anyone.
    package static func code(from url: URL, server domain: Domain) throws -> String {
        guard isSignInURL(url), url.scheme?.isEmpty == false, url.host != nil else {
            throw BISDKError.invalidLink("not a sign-in URL ({server}\(CrossDeviceAPI.signInURL)?request=…)")
        }
        let base = Domain.origin(of: url) + url.path.dropLast(CrossDeviceAPI.signInURL.count)
        guard base == Domain.origin(of: domain.baseURL) + domain.baseURL.path else {
            throw BISDKError.otherServer(apiBaseURL: base)
        }
        guard let code = code(in: url), !code.isEmpty else { throw BISDKError.invalidLink("the sign-in URL has no code") }
        return code
    }

    private static func code(in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == CrossDeviceAPI.requestParameter }?.value
    }
}
