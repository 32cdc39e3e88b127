import Foundation
import IdentityStorage
import IdentityStorageTestSupport

/// Records for tests, at fixed times (whole milliseconds, so they survive storage exactly).
enum Fixtures {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// `t0` plus `seconds`.
    static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    static func hash(_ text: String) -> Data { Data("hash:\(text)".utf8) }

    /// An audit event with a fresh id, to write with a change.
    static func event(_ type: String = "x") -> AuditEventRecord {
        AuditEventRecord(
            id: "evt_\(UUID().uuidString)", occurredAt: t0, type: type, tenantID: nil, realmID: nil, subjectID: nil, detailJSON: "{}")
    }

    /// An audit event `id` at `t0` plus `seconds`.
    static func auditEvent(
        _ id: String, at seconds: TimeInterval, type: String, tenant: String?, subject: String? = nil, detail: String = "{}"
    ) -> AuditEventRecord {
        AuditEventRecord(
            id: id, occurredAt: at(seconds), type: type, tenantID: tenant, realmID: nil, subjectID: subject, detailJSON: detail)
    }

    static func tenant(_ id: String = "ten_1", name: String = "Tenant") -> TenantRecord {
        TenantRecord(id: id, displayName: name, createdAt: t0, updatedAt: t0)
    }

    static func realm(_ id: String = "rlm_1", tenant: String = "ten_1") -> RealmRecord {
        RealmRecord(
            id: id, tenantID: tenant, displayName: "Realm \(id)", registrationRedirectURI: "https://app.example/bind",
            sealedCAPrivateKey: Data([1, 2, 3, 0, 255]), caCertificateDER: Data([0x30, 0x82, 0x01]),
            createdAt: t0, updatedAt: t0)
    }

    static func application(
        _ id: String = "app_1", tenant: String = "ten_1", realm: String = "rlm_1", clientID: String = "client_1"
    ) -> ApplicationRecord {
        ApplicationRecord(
            id: id, tenantID: tenant, realmID: realm, clientID: clientID, displayName: "App \(id)",
            clientType: .confidential, tokenEndpointAuthMethod: .clientSecretBasic,
            clientSecretHash: hash("secret-\(id)"), redirectURIs: ["https://rp.example/cb", "com.example:/cb"],
            invokeURL: "https://app.example/invoke", allowedScopes: ["openid", "email"], createdAt: t0, updatedAt: t0)
    }

    static func identity(
        _ id: String = "idn_1", tenant: String = "ten_1", realm: String = "rlm_1", username: String = "alice"
    ) -> IdentityRecord {
        IdentityRecord(
            id: id, tenantID: tenant, realmID: realm, username: username, email: "\(username)@example.com",
            displayName: username.capitalized, status: .active, createdAt: t0, updatedAt: t0)
    }

    static func credential(_ id: String = "crd_1", identity: String = "idn_1", realm: String = "rlm_1") -> CredentialRecord {
        CredentialRecord(
            id: id, tenantID: "ten_1", realmID: realm, identityID: identity, state: .active, deviceName: "Phone",
            certificateDER: Data([0x30, 0x01, 0x02]), parentCredentialID: nil, createdAt: t0, lastUsedAt: nil,
            revokedAt: nil)
    }

    static func bindingJob(
        _ id: String = "bjb_1", identity: String = "idn_1", token: String = "token-1", expiresAt: Date = at(600)
    ) -> BindingJobRecord {
        BindingJobRecord(
            id: id, tenantID: "ten_1", realmID: "rlm_1", identityID: identity, kind: .registration, delivery: .return,
            tokenHash: hash(token), postBindingRedirectURI: "https://app.example/done", status: .pending,
            expiresAt: expiresAt, createdAt: t0, completedAt: nil, credentialID: nil)
    }

    /// A code that completed sign-in transaction `transaction`.
    static func code(
        _ code: String = "code-1", credential: String = "crd_1", transaction: String = "ref-1", expiresAt: Date = at(60)
    ) -> AuthorizationCodeRecord {
        AuthorizationCodeRecord(
            codeHash: hash(code), applicationID: "app_1", realmID: "rlm_1", identityID: "idn_1",
            credentialID: credential, redirectURI: "https://rp.example/cb", scope: "openid email", nonce: "n-0S6",
            codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", codeChallengeMethod: "S256",
            authTime: at(10), expiresAt: expiresAt, createdAt: at(10), usedAt: nil, transactionHash: hash(transaction))
    }

    /// An access token issued from a code, with the hash of its (made-up) compact form.
    static func accessToken(_ jti: String, code: String, session: String? = nil, expiresAt: Date = at(3600)) -> IssuedTokenRecord {
        IssuedTokenRecord(
            jti: jti, grant: .authorizationCode, codeHash: hash(code), sessionID: session, expiresAt: expiresAt, revokedAt: nil,
            tokenHash: hash("header.\(jti).signature"))
    }

    static func session(_ id: String = "ses_1", code: String = "code-1", expiresAt: Date = at(86_400)) -> SessionRecord {
        SessionRecord(
            id: id, tenantID: "ten_1", realmID: "rlm_1", applicationID: "app_1", identityID: "idn_1", credentialID: "crd_1",
            scope: "openid email offline_access", authTime: at(10), codeHash: hash(code), createdAt: at(20),
            expiresAt: expiresAt, lastRefreshedAt: nil, revokedAt: nil)
    }

    static func refreshToken(_ token: String, session: String = "ses_1", createdAt: Date = at(20)) -> RefreshTokenRecord {
        RefreshTokenRecord(tokenHash: hash(token), sessionID: session, createdAt: createdAt, expiresAt: at(3600), usedAt: nil)
    }

    static func extensionSession(_ id: String = "ext_1", code: String = "123456789") -> ExtensionSessionRecord {
        ExtensionSessionRecord(
            id: id, tenantID: "ten_1", realmID: "rlm_1", identityID: "idn_1", credentialID: "crd_1",
            holderSecretHash: hash("secret-\(id)"), codeHash: hash(code), codeExpiresAt: at(90), expiresAt: at(600),
            state: .open, version: 1, holderSeenAt: t0, claim: nil, failure: nil, createdAt: t0, updatedAt: t0)
    }
}

extension IdentityStore {
    /// Creates tenant `ten_1`, realm `rlm_1`, application `app_1` and identity `idn_1`.
    func seedTree() async throws {
        try await createTenant(Fixtures.tenant())
        try await createRealm(Fixtures.realm())
        try await createApplication(Fixtures.application())
        try await createIdentity(Fixtures.identity())
    }

    /// Binds `credential` to its identity through a binding job of its own (`bjb_` and the credential's id).
    func bind(_ credential: CredentialRecord) async throws {
        try await createBindingJob(
            Fixtures.bindingJob("bjb_\(credential.id)", identity: credential.identityID, token: "bind-\(credential.id)"))
        _ = try await completeBinding(tokenHash: Fixtures.hash("bind-\(credential.id)"), now: Fixtures.at(1)) { _ in credential }
    }

    /// ``seedTree()`` plus credential `crd_1`, bound through binding job `bjb_seed`.
    func seedTreeWithCredential() async throws {
        try await seedTree()
        try await createBindingJob(Fixtures.bindingJob("bjb_seed", token: "seed"))
        _ = try await completeBinding(tokenHash: Fixtures.hash("seed"), now: Fixtures.at(1)) { _ in
            Fixtures.credential()
        }
    }
}

extension IdentityStore {
    /// The issued token `jti`, whatever its standing.
    func issuedToken(jti: String) async throws -> IssuedTokenRecord? {
        try await issuedTokenStanding(jti: jti, subject: "")?.token
    }
}
