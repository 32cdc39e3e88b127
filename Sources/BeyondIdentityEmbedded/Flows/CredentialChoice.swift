/// How the credential for an authentication is picked among those that fit.
enum CredentialChoice: Sendable {
    /// None → ``BISDKError/credentialNotFound``; one → it; several → asks the selector
    /// (``BISDKError/credentialSelectionRequired`` without one, ``BISDKError/userCancelled`` on `nil`).
    case asking(AsyncCredentialSelector?)
    /// Exactly this credential (the 2.x API's `Passkey.Id`), or ``BISDKError/credentialNotFound``.
    case exactly(Credential.Handle)

    /// Whether `credential` may be picked at all (before its state is looked at).
    func admits(_ credential: Credential) -> Bool {
        switch self {
        case .asking: true
        case let .exactly(handle): credential.handle == handle
        }
    }

    /// The credential among `candidates` (the usable ones this choice admits).
    func pick(from candidates: [Credential]) async throws -> Credential {
        guard candidates.count > 1 else {
            guard let only = candidates.first else { throw BISDKError.credentialNotFound }
            return only
        }
        guard case let .asking(select) = self else { throw BISDKError.credentialNotFound }
        guard let select else { throw BISDKError.credentialSelectionRequired }
        guard let handle = await select(candidates) else { throw BISDKError.userCancelled }
        guard let chosen = candidates.first(where: { $0.handle == handle }) else { throw BISDKError.credentialNotFound }
        return chosen
    }
}
