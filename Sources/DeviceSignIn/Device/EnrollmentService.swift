package import Foundation
package import IdentityProtocol
import IdentityStorage
import Prometheus
import SwiftASN1
import X509
package import IdentityServerCore
package import RealmKeys

/// Enrollment: follows a link to the app, then binds a device key to the identity the link
/// was made for.
package struct EnrollmentService {
    package let store: any DeviceSignInStore
    package let keyring: RealmKeyring
    package let audit: AuditLog
    package let metrics: ServerMetrics
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    /// Where an enrollment link sends the browser: the realm's registration redirect URI with
    /// the token and the API base URL. The token is not consumed here.
    package func registrationRedirect(token: String?) async throws -> String {
        try await auditingRefusal(token: token) { try await redirect(token: token) }
    }

    /// Verifies the CSR, consumes the token atomically and issues the credential's certificate.
    package func bind(_ request: BindCredentialRequest) async throws -> BindCredentialResponse {
        try await auditingRefusal(token: request.bindingToken) { try await binding(request) }
    }

    /// Runs `body`; a refusal of a link that belongs to a binding job (expired, used, for a
    /// suspended identity, a bad CSR) is audited as `enrollment.refused` with its reason. A
    /// token that matches no job is only counted: anyone can send one.
    func auditingRefusal<Result>(token: String?, _ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as ServerError {
            if let token, !token.isEmpty, let job = try? await store.bindingJob(tokenHash: Secrets.hash(token)) {
                await audit.recordRefusal(
                    "enrollment.refused", reason: error.code.wire, of: job.id, tenantID: job.tenantID, realmID: job.realmID,
                    subjectID: job.identityID, detail: ["binding_job_id": job.id])
            }
            throw error
        }
    }

    private func redirect(token: String?) async throws -> String {
        let job = try await pendingJob(token: token)
        guard let realm = try await store.realm(id: job.realmID) else { throw ServerError.notFound("the realm of this link no longer exists") }
        return try registrationRedirect(of: realm, token: token ?? "")
    }

    /// The realm's registration redirect URI with the link's token and the API base URL.
    func registrationRedirect(of realm: RealmRecord, token: String) throws -> String {
        guard var components = URLComponents(string: realm.registrationRedirectURI) else {
            throw ServerError.invalidRequest("the registration redirect URI is malformed")
        }
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: DeviceURLParameter.apiBaseURL, value: baseURL.value),
            URLQueryItem(name: DeviceURLParameter.bindingToken, value: token),
        ]
        guard let url = components.string else { throw ServerError.invalidRequest("the registration redirect URI is malformed") }
        return url
    }

    /// The audit events of binding `credentialID` for `job` (`detail` added to `credential.bound`),
    /// and of the credentials a recovery revoked for it; a device's and a passkey's alike.
    func bindingEvents(_ job: BindingJobRecord, credentialID: String, revoked: [String], detail: [String: String] = [:]) throws -> [AuditEventRecord] {
        let bound = try audit.event(
            "credential.bound", tenantID: job.tenantID, realmID: job.realmID, subjectID: credentialID,
            detail: ["identity_id": job.identityID, "binding_job_id": job.id, "kind": job.kind.rawValue].merging(detail) { $1 })
        return try [bound] + revoked.map {
            try audit.event(
                "credential.revoked", tenantID: job.tenantID, realmID: job.realmID, subjectID: $0,
                detail: ["by": "recovery", "binding_job_id": job.id, "replaced_by": credentialID])
        }
    }

    private func binding(_ request: BindCredentialRequest) async throws -> BindCredentialResponse {
        let publicKey = try CSRValidation.publicKey(fromPEM: request.csr)
        let deviceName = try InputRules.optionalName(request.deviceName, field: "device_name")
        let job = try await pendingJob(token: request.bindingToken)
        let store = store
        guard let identity = try await store.identity(id: job.identityID),
              let realm = try await store.realm(id: job.realmID),
              let tenant = try await store.tenant(id: job.tenantID)
        else { throw Self.invalidToken }
        guard identity.status == .active else {
            throw ServerError(APIErrorCode.identityInactive, "the identity is \(identity.status)")
        }
        let authority = try await keyring.authority(of: realm)
        let now = now()
        let credentialID = Secrets.identifier()
        let bound: (job: BindingJobRecord, credential: CredentialRecord)
        do {
            bound = try await store.completeBinding(tokenHash: Secrets.hash(request.bindingToken), now: now) { [self] job, revoked in
                let certificate = try authority.issueCredentialCertificate(
                    for: publicKey, credentialID: credentialID, identityID: job.identityID, now: now)
                let credential = CredentialRecord(
                    id: credentialID, tenantID: job.tenantID, realmID: job.realmID, identityID: job.identityID,
                    state: .active, deviceName: deviceName,
                    certificateDER: try certificate.derData,
                    parentCredentialID: nil, createdAt: now, lastUsedAt: nil, revokedAt: nil)
                return (credential, try bindingEvents(job, credentialID: credentialID, revoked: revoked))
            }
        } catch let error as StorageError where error == .notFound {
            throw Self.invalidToken
        }
        metrics.credentialsBound.increment()
        let leaf = try Certificate(derEncoded: Array(bound.credential.certificateDER))
        return BindCredentialResponse(
            credential: CredentialDescriptors(store: store)
                .describe(bound.credential, tenant: tenant, realm: realm, identity: identity),
            certificateChain: [try leaf.serializeAsPEM().pemString, try authority.certificatePEM],
            postBindingRedirectURI: bound.job.postBindingRedirectURI)
    }

    func pendingJob(token: String?) async throws -> BindingJobRecord {
        guard let token, !token.isEmpty else { throw ServerError.invalidRequest("the binding token is missing") }
        guard let job = try await store.bindingJob(tokenHash: Secrets.hash(token)),
              job.status == .pending, job.expiresAt > now()
        else { throw Self.invalidToken }
        return job
    }

    static let invalidToken = ServerError(APIErrorCode.invalidBindingToken, "it was already used, has expired, or was never issued")
}
