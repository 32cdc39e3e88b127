package import Hummingbird
package import IdentityServerCore

/// Where `/authorize` hands a browser whose sign-in another device approves: the hosted
/// sign-in page, which device sign-in serves. The provider knows only this much of it.
package protocol CrossDeviceHandoff: Sendable {
    /// Starts the sign-in that `transaction` (sealed as `reference`) awaits and answers the
    /// browser's `/authorize` request with the way to its page.
    func handOff(
        _ reference: String, of transaction: AuthorizationTransaction, tenantID: String, request: Request,
        context: ServerRequestContext
    ) async throws -> Response
}
