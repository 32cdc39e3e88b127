package import Foundation
import IdentityProtocol

/// Reads the binding token out of an enrollment link, in either of its two forms:
///
/// - the registration redirect `{app link}?api_base_url=B&token=T` (what the app receives
///   after the server's `302`): `B` must be the configured server;
/// - the email link itself, `{base}/v1/bind?token=T`: it must be on the configured server.
///   The SDK takes `T` from it directly instead of requesting the link, so the token goes to
///   the server only once, in the body of the binding request.
package enum EnrollmentLink {
    /// The binding token, or ``BISDKError/invalidLink(_:)`` / ``BISDKError/otherServer(apiBaseURL:)``.
    package static func bindingToken(from url: URL, server domain: Domain) throws -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), url.scheme?.isEmpty == false, url.host != nil else {
            throw BISDKError.invalidLink("expected the link from the enrollment email ({server}/v1/bind?token=…) or the registration redirect")
        }
        let items = components.queryItems ?? []
        let token = items.first { $0.name == DeviceURLParameter.bindingToken }?.value ?? ""
        if let apiBase = items.first(where: { $0.name == DeviceURLParameter.apiBaseURL })?.value {
            guard domain.isBaseURL(apiBase) else { throw BISDKError.otherServer(apiBaseURL: apiBase) }
        } else {
            let bindURL = domain.url(DeviceAPI.enrollmentLink)
            guard Domain.origin(of: url) == Domain.origin(of: bindURL) else {
                throw BISDKError.otherServer(apiBaseURL: Domain.origin(of: url))
            }
            guard url.path == bindURL.path else { throw BISDKError.invalidLink("not an enrollment link") }
        }
        guard !token.isEmpty else { throw BISDKError.invalidLink("no binding token") }
        return token
    }
}
