package import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import Prometheus
package import RealmKeys
package import OpenIDProvider
import ServerTracing

/// The device's part of a sign-in: fetch a transaction's challenge, answer it with a
/// signature by a credential key, get the client's redirect with a single-use code.
/// Also lets a device revoke its own credential.
package struct DeviceAuthenticationService {
    package let store: any DeviceSignInStore
    package let keyring: RealmKeyring
    package let seal: TransactionSeal
    package let audit: AuditLog
    package let metrics: ServerMetrics
    package let lifetimes: ArtifactLifetimes
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date
    /// The credentials' keys, read from their certificates once.
    package let pinnedKeys = PinnedKeys()

    package init(store: any DeviceSignInStore, keyring: RealmKeyring, seal: TransactionSeal, audit: AuditLog, metrics: ServerMetrics, lifetimes: ArtifactLifetimes, baseURL: PublicBaseURL, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.keyring = keyring
        self.seal = seal
        self.audit = audit
        self.metrics = metrics
        self.lifetimes = lifetimes
        self.baseURL = baseURL
        self.now = now
    }

    /// The challenge of a transaction this server sealed that has not lapsed. (One already
    /// completed still shows its challenge: completing it again is what fails.)
    package func challenge(for reference: String) async throws -> AuthenticationChallenge {
        try await challenge(for: reference, of: try liveTransaction(reference).transaction)
    }

    /// The challenge of `reference`, whose live transaction the caller already opened.
    package func challenge(for reference: String, of transaction: AuthorizationTransaction) async throws -> AuthenticationChallenge {
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
    package func authenticate(_ assertion: AuthenticationAssertion) async throws -> AuthenticationResult {
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
    package func auditRefusal(_ error: ServerError, of assertion: AuthenticationAssertion, in transaction: AuthorizationTransaction) async {
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
        guard opened.transaction.crossDevice != true else { throw Self.invalidTransaction }
        let signer = try await verifiedSigner(assertion, of: opened.transaction)
        guard let assurance = AssurancePolicy.settle(
            AssurancePolicy.deviceKey(reported: assertion.amr), requested: opened.transaction.acrValues)
        else {
            await auditRefusal(Self.unmetAssurance, of: assertion, in: opened.transaction)
            return AuthenticationResult(redirectURI: try AuthorizationRedirect.error(
                OAuthErrorCode.unmetAuthenticationRequirements.rawValue, Self.unmetAssurance.description,
                to: opened.transaction.redirectURI, state: opened.transaction.state, issuer: signer.issuer))
        }
        let grant = try codeGrant(for: opened, signedBy: signer, assurance: assurance, authenticatedAt: now())
        do {
            try await store.completeAuthentication(now: grant.code.authTime, code: grant.code, audit: try signInEvent(grant, signer))
        } catch let error as StorageError where error == .alreadyExists {
            throw Self.invalidTransaction
        }
        return AuthenticationResult(redirectURI: grant.redirect)
    }

    /// A device key's sign-in that does not reach the assurance the relying party asked for.
    package static let unmetAssurance = ServerError(
        APIErrorCode.unmetAuthenticationRequirements, "this sign-in does not reach the assurance the application asked for")

    /// Who signed a sign-in: the credential, its realm and the realm's issuer.
    package struct Signer {
        package let credential: CredentialRecord
        package let realm: RealmRecord
        package let issuer: String
    }

    /// Checks `assertion` answers `transaction`: its realm and application still exist, the
    /// credential is active and its identity too, the chain is the credential's, and the
    /// signature is over this transaction's challenge.
    package func verifiedSigner(_ assertion: AuthenticationAssertion, of transaction: AuthorizationTransaction) async throws -> Signer {
        guard let realm = try await store.realm(id: transaction.realmID),
              try await store.application(id: transaction.applicationID) != nil
        else { throw Self.invalidTransaction }
        let issuer = baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id)
        let checks = DeviceChecks(store: store, keyring: keyring, now: now)
        let (credential, identityStatus) = try await checks.activeCredentialWithIdentityStatus(
            assertion.credentialID, realmID: realm.id)
        let key = try checks.pinnedKey(assertion.certificateChain, of: credential, keys: pinnedKeys)
        try Traces.span("verify device signature") { _ in
            try DeviceChecks.verifySignature(
                assertion.signature, by: key,
                over: SignedMessage.authentication(
                    transaction: assertion.transaction, challenge: transaction.challenge,
                    issuer: issuer, credentialID: credential.id))
        }
        try DeviceChecks.requireActive(identityStatus)
        return Signer(credential: credential, realm: realm, issuer: issuer)
    }

    /// A fresh authorization code for a verified sign-in by `signer` (its record, bound to the
    /// transaction for single use) and the client redirect that carries it.
    package func codeGrant(
        for opened: TransactionSeal.Opened, signedBy signer: Signer, assurance: SignInAssurance, authenticatedAt: Date
    ) throws -> (code: AuthorizationCodeRecord, redirect: String) {
        try codeGrant(
            for: opened, identityID: signer.credential.identityID, credentialID: signer.credential.id, issuer: signer.issuer,
            assurance: assurance, authenticatedAt: authenticatedAt)
    }

    /// A fresh authorization code for a sign-in of `identityID` (by `credentialID`, or by an
    /// email code when `nil`) and the client redirect that carries it.
    package func codeGrant(
        for opened: TransactionSeal.Opened, identityID: String, credentialID: String?, issuer: String,
        assurance: SignInAssurance, authenticatedAt: Date
    ) throws -> (code: AuthorizationCodeRecord, redirect: String) {
        let transaction = opened.transaction
        let code = Secrets.token()
        let now = now()
        let record = AuthorizationCodeRecord(
            codeHash: Secrets.hash(code), applicationID: transaction.applicationID, realmID: transaction.realmID,
            identityID: identityID, credentialID: credentialID, redirectURI: transaction.redirectURI,
            scope: transaction.scope, nonce: transaction.nonce, codeChallenge: transaction.codeChallenge,
            codeChallengeMethod: transaction.codeChallengeMethod, authTime: authenticatedAt,
            expiresAt: now.addingTimeInterval(lifetimes.authorizationCode), createdAt: now, usedAt: nil,
            transactionHash: opened.id, assurance: assurance, traceparent: transaction.traceparent)
        let redirect = try AuthorizationRedirect.url(
            transaction.redirectURI, parameters: [("code", code), ("state", transaction.state), ("iss", issuer)])
        return (record, redirect)
    }

    /// The audit event of a completed sign-in.
    package func signInEvent(
        _ grant: (code: AuthorizationCodeRecord, redirect: String), _ signer: Signer, detail: [String: String] = [:]
    ) throws -> AuditEventRecord {
        try audit.event(
            "authentication.succeeded", tenantID: signer.realm.tenantID, realmID: signer.realm.id,
            subjectID: signer.credential.identityID,
            detail: detail.merging([
                "credential_id": signer.credential.id, "application_id": grant.code.applicationID,
                "amr": grant.code.assurance.methods.joined(separator: " "), "acr": grant.code.assurance.level,
            ]) { $1 })
    }

    /// Revokes the credential that signed the request. Idempotent.
    package func revoke(_ request: RevokeCredentialRequest) async throws -> CredentialDescriptor {
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
        guard let opened = liveTransactionIfAny(reference) else { throw Self.invalidTransaction }
        return opened
    }

    /// The transaction `reference` carries, if this server sealed it and it has not lapsed.
    package func liveTransactionIfAny(_ reference: String) -> TransactionSeal.Opened? {
        seal.open(reference, now: now())
    }

    package static let invalidTransaction = ServerError(APIErrorCode.invalidTransaction, "it was already completed, has expired, or was never started")
}
