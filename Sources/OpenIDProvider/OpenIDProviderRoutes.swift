package import Foundation
package import Hummingbird
package import IdentityServerCore
package import RealmKeys

/// The OpenID provider's routes: each realm's authorize, token, userinfo, revocation,
/// introspection, end-session, discovery and JWKS endpoints, and the client lookup the SDK
/// starts from.
package struct OpenIDProviderRoutes: RouteMount {
    private let controller: OIDCController

    package init(
        environment: ServerEnvironment, keyring: RealmKeyring, lifetimes: ArtifactLifetimes, seal: TransactionSeal,
        dpopNonces: DPoPNonces, publicClientProofs: PublicClientProofLimits, crossDeviceLifetime: TimeInterval,
        pinnedKeys: PinnedKeys, crossDevice: any CrossDeviceHandoff
    ) {
        let (store, audit, metrics, baseURL, now) = (
            environment.store, environment.audit, environment.metrics, environment.baseURL, environment.now)
        let dpop = DPoPCheck(store: store, nonces: dpopNonces, now: now)
        controller = OIDCController(
            authorization: AuthorizationService(
                store: store, seal: seal, lifetimes: lifetimes, crossDeviceLifetime: crossDeviceLifetime, baseURL: baseURL, now: now),
            tokens: TokenService(
                store: store, keyring: keyring, dpop: dpop, pinnedKeys: pinnedKeys, audit: audit, metrics: metrics,
                lifetimes: lifetimes, publicClientProofs: publicClientProofs, baseURL: baseURL, now: now),
            userInfo: UserInfoService(
                check: AccessTokenCheck(store: store, keyring: keyring, baseURL: baseURL, now: now), dpop: dpop, baseURL: baseURL),
            discovery: DiscoveryService(store: store, keyring: keyring, baseURL: baseURL),
            tokenStatus: TokenStatusService(store: store, keyring: keyring, audit: audit, baseURL: baseURL, now: now),
            endSession: EndSessionService(store: store, keyring: keyring, audit: audit, baseURL: baseURL, now: now),
            cors: CORSMiddleware(store: store, metrics: metrics),
            crossDevice: crossDevice)
    }

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        controller.register(on: router)
    }
}
