import IdentityProtocol
package import IdentityServerCore

extension ServerRequestContext {
    /// The administrator the admin or console middleware authenticated; `nil` elsewhere.
    package var admin: AdminPrincipal? {
        get { slots[AdminPrincipal.self] }
        set { slots[AdminPrincipal.self] = newValue }
    }

    /// The authenticated administrator; `401 unauthorized` when there is none.
    package func requireAdmin() throws -> AdminPrincipal {
        guard let admin else { throw ServerError(APIErrorCode.unauthorized, "a valid admin token is required") }
        return admin
    }
}

extension AdminPrincipal: RequestSlotKey {
    package typealias Value = AdminPrincipal
}
