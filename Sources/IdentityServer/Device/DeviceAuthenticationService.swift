import Foundation
import IdentityProtocol
import IdentityStorage

/// The device's part of a sign-in: fetch a transaction's challenge, answer it with a
/// signature by a credential key, get the client's redirect with a single-use code.
/// Also lets a device revoke its own credential.
struct DeviceAuthenticationService {
    let store: any IdentityStore
    let keyring: RealmKeyring
    let seal: TransactionSeal
    let audit: AuditLog
    let metrics: ServerMetrics
    let lifetimes: ServerConfiguration.Lifetimes
    let baseURL: PublicBaseURL
    let now: @Sendable () -> Date

    /// The challenge of a transaction this server sealed that has not lapsed. (One already
    /// completed still shows its challenge: completing it again is what fails.)
    func challenge(for reference: String) async throws -> AuthenticationChallenge {
        let transaction = try liveTransaction(reference).transaction
        guard let application = try await store.application(id: transaction.applicationID),
              let realm = try await store.realm(id: transaction.realmID)
        else { throw Self.invalidTransaction }
        return AuthenticationChallenge(
            transaction: reference, challenge: transaction.challenge,
            issuer: baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id),
            tenantID: realm.tenantID, realmID: realm.id, clientID: application.clientID,
            applicationDisplayName: application.displayName,
            expiresAt: Date(timeIntervalSince1970: Double(transaction.expiresAt)))
    }

    /// Verifies the assertion and completes the transaction with a fresh authorization code. A
    /// refused answer to a live sign-in is audited with its reason (an answer to no sign-in at
    /// all is only counted: anyone can send one).
    func authenticate(_ assertion: AuthenticationAssertion) async throws -> AuthenticationResult {
        do {
            let opened = try liveTransaction(assertion.transaction)
            do {
                let result = try await verifiedAuthentication(assertion, of: opened)
                metrics.authenticationsSucceeded.increment()
                return result
            } catch let error as ServerError {
                await auditRefusal(error, of: assertion, in: opened.transaction)
                throw error
            }
        } catch {
            metrics.authenticationsFailed.increment()
            throw error
        }
    }

    /// Audits a refused answer to a live sign-in, counted per application and credential. A
    /// credential id the server did not find active (unknown, revoked, or never looked up) counts
    /// as one artifact per application, so made-up ids cannot each add an event.
    private func auditRefusal(_ error: ServerError, of assertion: AuthenticationAssertion, in transaction: AuthorizationTransaction) async {
        let unchecked = error.code == .api(.credentialRevoked) || error == Self.invalidTransaction
        await audit.recordRefusal(
            "authentication.refused", reason: error.code.wire,
            of: "\(transaction.applicationID)/\(unchecked ? "unknown" : assertion.credentialID)",
            tenantID: try? await store.realm(id: transaction.realmID)?.tenantID, realmID: transaction.realmID, subjectID: nil,
            detail: ["credential_id": assertion.credentialID, "application_id": transaction.applicationID])
    }

    private func verifiedAuthentication(
        _ assertion: AuthenticationAssertion, of opened: TransactionSeal.Opened
    ) async throws -> AuthenticationResult {
        let store = store
        let transaction = opened.transaction
        guard let realm = try await store.realm(id: transaction.realmID),
              try await store.application(id: transaction.applicationID) != nil
        else { throw Self.invalidTransaction }
        let issuer = baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id)
        let checks = DeviceChecks(store: store, keyring: keyring, now: now)
        let (credential, identityStatus) = try await checks.activeCredentialWithIdentityStatus(
            assertion.credentialID, realmID: realm.id)
        let certificate = try checks.pinnedCertificate(assertion.certificateChain, of: credential)
        try DeviceChecks.verifySignature(
            assertion.signature, of: certificate,
            over: SignedMessage.authentication(
                transaction: assertion.transaction, challenge: transaction.challenge,
                issuer: issuer, credentialID: credential.id))
        try DeviceChecks.requireActive(identityStatus)

        let code = Secrets.token()
        let now = now()
        do {
            try await store.completeAuthentication(
                now: now,
                code: AuthorizationCodeRecord(
                    codeHash: Secrets.hash(code), applicationID: transaction.applicationID, realmID: realm.id,
                    identityID: credential.identityID, credentialID: credential.id, redirectURI: transaction.redirectURI,
                    scope: transaction.scope, nonce: transaction.nonce, codeChallenge: transaction.codeChallenge,
                    codeChallengeMethod: transaction.codeChallengeMethod, authTime: now,
                    expiresAt: now.addingTimeInterval(lifetimes.authorizationCode), createdAt: now, usedAt: nil,
                    transactionHash: opened.id),
                audit: try audit.event(
                    "authentication.succeeded", tenantID: realm.tenantID, realmID: realm.id, subjectID: credential.identityID,
                    detail: ["credential_id": credential.id, "application_id": transaction.applicationID]))
        } catch let error as StorageError where error == .alreadyExists {
            throw Self.invalidTransaction
        }
        let redirect = try AuthorizationRedirect.url(
            transaction.redirectURI, parameters: [("code", code), ("state", transaction.state), ("iss", issuer)])
        return AuthenticationResult(redirectURI: redirect)
    }

    /// Revokes the credential that signed the request. Idempotent.
    func revoke(_ request: RevokeCredentialRequest) async throws -> CredentialDescriptor {
        guard let credential = try await store.credential(id: request.credentialID) else {
            throw ServerError.notFound("no such credential")
        }
        try await DeviceChecks(store: store, keyring: keyring, now: now).accept(request, of: credential) {
            SignedMessage.revocation(credentialID: credential.id, issuedAt: $0, requestID: $1)
        }
        let revocation = try audit.event(
            "credential.revoked", tenantID: credential.tenantID, realmID: credential.realmID, subjectID: credential.id,
            detail: ["by": "device"])
        let revoked = try await store.revokeCredential(id: credential.id, at: now(), audit: revocation)
        return try await CredentialDescriptors(store: store).describe(revoked)
    }

    // MARK: Checks

    private func liveTransaction(_ reference: String) throws -> TransactionSeal.Opened {
        guard let opened = seal.open(reference, now: now()) else { throw Self.invalidTransaction }
        return opened
    }

    private static let invalidTransaction = ServerError(APIErrorCode.invalidTransaction, "the transaction is unknown, expired or already used")
}
