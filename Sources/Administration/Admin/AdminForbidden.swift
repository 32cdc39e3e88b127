import IdentityProtocol
package import IdentityServerCore

/// An admin call its caller may not make: the role lacks the permission, or a caller of one
/// tenant asked for what spans them all. Thrown by ``AdminPrincipal/require(_:toDo:)``; the admin
/// API and the console audit it (``AdminRefusal/auditingForbidden(_:context:by:audit:metrics:_:)``)
/// and answer ``error``.
package struct AdminForbidden: Error, Equatable {
    /// The reason audited.
    package let reason: AdminRefusal
    /// The permission that was missing.
    package let permission: AdminPermission
    /// The answer: `403 forbidden`, saying what could not be done.
    package let error: ServerError
}
