package import Foundation
package import IdentityProtocol
package import IdentityStorage
import SwiftASN1
import X509
import IdentityServerCore

/// Records as the admin API shows them (never a secret or a hash).
package enum AdminViews {
    package static func page<Record, View>(_ page: Page<Record>, _ view: (Record) -> View) -> AdminPage<View> {
        AdminPage(items: page.items.map(view), nextCursor: page.nextCursor, previousCursor: page.previousCursor)
    }

    package static func tenant(_ r: TenantRecord) -> Tenant {
        Tenant(id: r.id, displayName: r.displayName, createdAt: r.createdAt, updatedAt: r.updatedAt)
    }

    package static func realm(_ r: RealmRecord, issuer: String) throws -> Realm {
        Realm(
            id: r.id, tenantID: r.tenantID, displayName: r.displayName, registrationRedirectURI: r.registrationRedirectURI,
            issuer: issuer, caCertificate: try pem(r.caCertificateDER), theme: RealmTheme(r.theme), scimEnrollment: SCIMEnrollment(r.scimEnrollment),
            passkeyPolicy: RealmPasskeyPolicy(r.passkeyPolicy), accountPage: r.accountPage, createdAt: r.createdAt,
            updatedAt: r.updatedAt)
    }

    /// The previous secret's expiry shows while it still works (at `now`).
    package static func application(_ r: ApplicationRecord, issuer: String, now: Date) -> Application {
        Application(
            id: r.id, tenantID: r.tenantID, realmID: r.realmID, clientID: r.clientID, clientSecret: nil,
            displayName: r.displayName, clientType: ClientType(r.clientType), tokenEndpointAuthMethod: TokenEndpointAuthMethod(r.tokenEndpointAuthMethod),
            redirectURIs: r.redirectURIs, invokeURL: r.invokeURL, allowedScopes: r.allowedScopes,
            grantTypes: r.grantTypes.map(GrantType.init), refreshTokenLifetime: Int(r.refreshTokenLifetime),
            refreshTokenIdleLifetime: Int(r.refreshTokenIdleLifetime), allowedOrigins: r.allowedOrigins,
            postLogoutRedirectURIs: r.postLogoutRedirectURIs, idTokenSignedResponseAlg: JWSAlgorithm(r.idTokenSigningAlgorithm),
            dpopBoundAccessTokens: r.dpopBoundAccessTokens,
            signInMethods: r.signInMethods.map(SignInMethod.init), emailCodeBinding: r.emailCodeBinding,
            invocationType: InvocationType(rawValue: r.invocationType.rawValue), issuer: issuer, previousClientSecretExpiresAt: r.previousClientSecretExpiresAt.flatMap { now < $0 ? $0 : nil },
            createdAt: r.createdAt, updatedAt: r.updatedAt)
    }

    package static func identity(_ r: IdentityRecord) -> Identity {
        Identity(
            id: r.id, tenantID: r.tenantID, realmID: r.realmID, username: r.username, email: r.email,
            displayName: r.displayName, status: IdentityStatus(r.status), createdAt: r.createdAt, updatedAt: r.updatedAt)
    }

    /// A credential, with its passkey's details when it is one.
    package static func credential(_ r: CredentialRecord, passkey p: PasskeyRecord? = nil) throws -> AdminCredential {
        AdminCredential(
            id: r.id, tenantID: r.tenantID, realmID: r.realmID, identityID: r.identityID, state: ServerCredentialState(r.state),
            kind: CredentialKind(rawValue: r.kind.rawValue) ?? .device, deviceName: r.deviceName,
            certificate: r.kind == .passkey ? nil : try pem(r.certificateDER), parentCredentialID: r.parentCredentialID,
            passkey: p.map { p in
                AdminPasskey(
                    aaguid: AuthenticatorNames.uuidText(p.aaguid), authenticatorName: AuthenticatorNames.name(of: AuthenticatorNames.uuidText(p.aaguid)), transports: p.transports, backupEligible: p.backupEligible, backedUp: p.backedUp,
                    attestationFormat: p.attestationFormat, attestationTrusted: p.attestationTrusted)
            },
            createdAt: r.createdAt, lastUsedAt: r.lastUsedAt, revokedAt: r.revokedAt)
    }

    package static func session(_ r: SessionRecord, clientID: String?) -> AdminSession {
        AdminSession(
            id: r.id, identityID: r.identityID, applicationID: r.applicationID, clientID: clientID,
            credentialID: r.credentialID, scope: r.scope, authTime: r.authTime, createdAt: r.createdAt,
            expiresAt: r.expiresAt, lastRefreshedAt: r.lastRefreshedAt, revokedAt: r.revokedAt,
            dpopJKT: r.dpopBinding?.thumbprint, dpopKey: r.dpopBinding?.key.rawValue)
    }

    /// A job, with where its mail is (`mail`: its row of the mail queue, for delivery `email`).
    package static func bindingJob(_ r: BindingJobRecord, mail: MailDeliveryRecord?) -> BindingJob {
        BindingJob(
            id: r.id, tenantID: r.tenantID, realmID: r.realmID, identityID: r.identityID, kind: BindingJobKind(r.kind),
            delivery: BindingJobDelivery(r.delivery), postBindingRedirectURI: r.postBindingRedirectURI, status: BindingJobStatus(r.status),
            expiresAt: r.expiresAt, createdAt: r.createdAt, completedAt: r.completedAt, credentialID: r.credentialID,
            credentialBindingLink: nil, keepOtherCredentials: r.keepsOtherCredentials,
            mailStatus: mail.map { BindingJobMailStatus(rawValue: $0.state.rawValue) }, mailAttempts: mail?.attempts,
            mailNextAttemptAt: mail?.state == .pending ? mail?.nextAttemptAt : nil, mailCompletedAt: mail?.completedAt,
            mailError: mail?.lastError)
    }

    package static func adminToken(_ r: AdminTokenRecord, now: Date) -> AdminToken {
        AdminToken(
            id: r.id, label: r.label, tenantID: r.tenantID, role: r.role.rawValue, status: AdminTokenStatus(r, at: now),
            createdAt: r.createdAt, expiresAt: r.expiresAt, revokedAt: r.revokedAt, lastUsedAt: r.lastUsedAt)
    }

    package static func auditEvent(_ r: AuditEventRecord) -> AuditEvent {
        AuditEvent(
            id: r.id, occurredAt: r.occurredAt, type: r.type, tenantID: r.tenantID, realmID: r.realmID,
            subjectID: r.subjectID, detail: r.detailJSON, occurrences: r.occurrences)
    }


    private static func pem(_ der: Data) throws -> String {
        try Certificate(derEncoded: Array(der)).serializeAsPEM().pemString
    }
}
