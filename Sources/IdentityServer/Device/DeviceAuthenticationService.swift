import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import X509

/// The device's part of a sign-in: fetch a transaction's challenge, answer it with a
/// signature by a credential key, get the client's redirect with a single-use code.
/// Also lets a device revoke its own credential.
struct DeviceAuthenticationService {
    let context: ServerContext

    /// The challenge of an unconsumed, unexpired transaction.
    func challenge(for reference: String) async throws -> AuthenticationChallenge {
        let transaction = try await liveTransaction(reference)
        guard let application = try await context.store.application(id: transaction.applicationID),
              let realm = try await context.store.realm(id: transaction.realmID)
        else { throw Self.invalidTransaction }
        return AuthenticationChallenge(
            transaction: reference, challenge: transaction.challenge,
            issuer: context.issuer(tenantID: realm.tenantID, realmID: realm.id),
            tenantID: realm.tenantID, realmID: realm.id, clientID: application.clientID,
            applicationDisplayName: application.displayName, expiresAt: transaction.expiresAt)
    }

    /// Verifies the assertion and completes the transaction with a fresh authorization code.
    func authenticate(_ assertion: AuthenticationAssertion) async throws -> AuthenticationResult {
        do {
            let result = try await verifiedAuthentication(assertion)
            context.metrics.authenticationsSucceeded.increment()
            return result
        } catch {
            context.metrics.authenticationsFailed.increment()
            throw error
        }
    }

    private func verifiedAuthentication(_ assertion: AuthenticationAssertion) async throws -> AuthenticationResult {
        let store = context.store
        let transaction = try await liveTransaction(assertion.transaction)
        guard let realm = try await store.realm(id: transaction.realmID) else { throw Self.invalidTransaction }
        let issuer = context.issuer(tenantID: realm.tenantID, realmID: realm.id)
        let credential = try await activeCredential(assertion.credentialID, realmID: realm.id)
        try await verifyChain(assertion.certificateChain, of: credential, realm: realm)
        try verifySignature(
            assertion.signature, of: credential,
            over: SignedMessage.authentication(
                transaction: assertion.transaction, challenge: transaction.challenge,
                issuer: issuer, credentialID: credential.id))
        let identity = try await activeIdentity(credential.identityID)

        let code = Secrets.token()
        let now = context.now()
        do {
            try await store.completeAuthentication(
                transactionHash: transaction.referenceHash, now: now,
                code: AuthorizationCodeRecord(
                    codeHash: Secrets.hash(code), applicationID: transaction.applicationID, realmID: realm.id,
                    identityID: identity.id, credentialID: credential.id, redirectURI: transaction.redirectURI,
                    scope: transaction.scope, nonce: transaction.nonce, codeChallenge: transaction.codeChallenge,
                    codeChallengeMethod: transaction.codeChallengeMethod, authTime: now,
                    expiresAt: now.addingTimeInterval(context.lifetimes.authorizationCode), createdAt: now, usedAt: nil))
        } catch let error as StorageError where error == .notFound {
            throw Self.invalidTransaction
        }
        try await context.audit(
            "authentication.succeeded", tenantID: realm.tenantID, realmID: realm.id, subjectID: identity.id,
            detail: ["credential_id": credential.id, "application_id": transaction.applicationID])
        let redirect = try AuthorizationRedirect.url(
            transaction.redirectURI, parameters: [("code", code), ("state", transaction.state), ("iss", issuer)])
        return AuthenticationResult(redirectURI: redirect)
    }

    /// Revokes the credential that signed the request. Idempotent.
    func revoke(_ request: RevokeCredentialRequest) async throws -> CredentialDescriptor {
        guard let credential = try await context.store.credential(id: request.credentialID) else {
            throw ServiceError.notFound("no such credential")
        }
        let skew = abs(context.now().timeIntervalSince1970 - Double(request.issuedAt))
        guard skew <= 300 else { throw ServiceError.invalidRequest("issued_at is more than 5 minutes from the server's clock") }
        try verifySignature(
            request.signature, of: credential,
            over: SignedMessage.revocation(credentialID: credential.id, issuedAt: request.issuedAt))
        let revoked = try await context.store.revokeCredential(id: credential.id, at: context.now())
        if credential.revokedAt == nil {
            try await context.audit(
                "credential.revoked", tenantID: credential.tenantID, realmID: credential.realmID,
                subjectID: credential.id, detail: ["by": "device"])
        }
        return try await CredentialDescriptors(context: context).describe(revoked)
    }

    // MARK: Checks

    private func liveTransaction(_ reference: String) async throws -> AuthTransactionRecord {
        guard !reference.isEmpty,
              let transaction = try await context.store.authTransaction(referenceHash: Secrets.hash(reference)),
              transaction.consumedAt == nil, transaction.expiresAt > context.now()
        else { throw Self.invalidTransaction }
        return transaction
    }

    private func activeCredential(_ id: String, realmID: String) async throws -> CredentialRecord {
        guard let credential = try await context.store.credential(id: id), credential.realmID == realmID else {
            throw ServiceError(.forbidden, APIErrorCode.credentialRevoked, "the credential is unknown in this realm")
        }
        guard credential.state == CredentialStateWire.active else {
            throw ServiceError(.forbidden, APIErrorCode.credentialRevoked, "the credential has been revoked")
        }
        return credential
    }

    private func activeIdentity(_ id: String) async throws -> IdentityRecord {
        guard let identity = try await context.store.identity(id: id), identity.status == "active" else {
            throw ServiceError(.forbidden, APIErrorCode.identityInactive, "the identity is suspended or deleted")
        }
        return identity
    }

    /// The presented leaf must be the credential's own certificate and chain to the realm's root.
    private func verifyChain(_ pems: [String], of credential: CredentialRecord, realm: RealmRecord) async throws {
        let chain = try? pems.map { try Certificate(pemEncoded: $0) }
        guard let chain, let leaf = chain.first else {
            throw Self.invalidChain("the certificate chain is empty or not PEM")
        }
        guard try leaf.derData == credential.certificateDER else {
            throw Self.invalidChain("the leaf certificate is not this credential's")
        }
        let authority = try await context.keyring.authority(of: realm)
        guard await authority.verifies(leaf: leaf, intermediates: Array(chain.dropFirst()), now: context.now()) else {
            throw Self.invalidChain("the chain was not issued by this realm's authority")
        }
    }

    private func verifySignature(_ signature: String, of credential: CredentialRecord, over message: Data) throws {
        guard let certificate = try? Certificate(derEncoded: Array(credential.certificateDER)),
              let key = P256.Signing.PublicKey(certificate.publicKey),
              let der = Data(base64URLEncoded: signature),
              let parsed = try? P256.Signing.ECDSASignature(derRepresentation: der),
              key.isValidSignature(parsed, for: message)
        else { throw ServiceError(.unauthorized, APIErrorCode.invalidSignature, "the signature does not verify with the credential's key") }
    }

    private static let invalidTransaction = ServiceError(
        .badRequest, APIErrorCode.invalidTransaction, "the transaction is unknown, expired or already used")

    private static func invalidChain(_ description: String) -> ServiceError {
        ServiceError(.unauthorized, APIErrorCode.invalidCertificateChain, description)
    }
}
