import Foundation
import HTTPTypes
package import Hummingbird
package import IdentityStorage
package import IdentityServerCore

/// Where the browser that starts a cross-device sign-in comes from, as the approving device
/// shows it. Only the address (through the trusted proxies) and the place (a trusted proxy's
/// header) are the server's own observations; the user agent and referer are what the browser
/// says, which the person who started the sign-in chooses. So they are kept to printable ASCII
/// (no line or direction controls to fake lines on the phone's screen) and 256 bytes, and the
/// referer to its origin (the relying party's page path and query stay out of the context).
package enum BrowserOrigin {
    /// The origin of `request`; `geolocationHeader` is read only from a trusted proxy.
    package static func of(_ request: Request, _ context: ServerRequestContext, geolocationHeader: String?) -> CrossDeviceSignInRecord.Origin {
        let place = context.peerIsTrustedProxy ? geolocationHeader.flatMap { HTTPField.Name($0) }.flatMap { request.headers[$0] } : nil
        return CrossDeviceSignInRecord.Origin(
            sourceIP: context.clientAddress ?? "unknown", userAgent: request.headers[.userAgent].map(RequestSource.printable),
            referer: request.headers[.referer].flatMap(origin).map(RequestSource.printable), geolocation: place.map(RequestSource.printable))
    }

    /// `scheme://host[:port]` of a URL; `nil` for what is not one.
    package static func origin(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return nil }
        return "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")"
    }
}
