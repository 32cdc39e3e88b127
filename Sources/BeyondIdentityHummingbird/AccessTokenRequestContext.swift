public import BeyondIdentityResourceServer
public import Hummingbird

/// A request context that carries the access token ``AccessTokenMiddleware`` verified.
public protocol AccessTokenRequestContext: RequestContext {
    /// The verified token; set by the middleware before any route behind it runs.
    var accessToken: VerifiedAccessToken? { get set }
}

extension AccessTokenRequestContext {
    /// The verified token of a route behind ``AccessTokenMiddleware``.
    public func requireAccessToken() throws -> VerifiedAccessToken {
        guard let accessToken else { throw HTTPError(.unauthorized, message: "no verified access token: is AccessTokenMiddleware in front of this route?") }
        return accessToken
    }
}
