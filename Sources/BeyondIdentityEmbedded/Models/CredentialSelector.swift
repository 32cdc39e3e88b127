/// Lets the user choose among several credentials that fit an authentication: called with the
/// candidates, it must call its completion exactly once, with the chosen handle or `nil` to cancel.
///
/// Called on ``Embedded/callbackQueue``. Not called when only one credential fits.
public typealias CredentialSelector =
    @Sendable (_ credentials: [Credential], _ completion: @escaping @Sendable (Credential.Handle?) -> Void) -> Void

/// The `async` form of ``CredentialSelector``: returns the chosen handle, or `nil` to cancel.
public typealias AsyncCredentialSelector = @Sendable (_ credentials: [Credential]) async -> Credential.Handle?
