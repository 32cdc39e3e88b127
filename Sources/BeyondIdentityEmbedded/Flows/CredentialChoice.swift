/// Picks the credential for an authentication among those that fit.
enum CredentialChoice {
    /// None → ``BISDKError/credentialNotFound``; one → it; several → asks `select`
    /// (``BISDKError/credentialSelectionRequired`` without one, ``BISDKError/userCancelled`` on `nil`).
    static func pick(from candidates: [Credential], select: AsyncCredentialSelector?) async throws -> Credential {
        guard candidates.count > 1 else {
            guard let only = candidates.first else { throw BISDKError.credentialNotFound }
            return only
        }
        guard let select else { throw BISDKError.credentialSelectionRequired }
        guard let handle = await select(candidates) else { throw BISDKError.userCancelled }
        guard let chosen = candidates.first(where: { $0.handle == handle }) else { throw BISDKError.credentialNotFound }
        return chosen
    }
}
