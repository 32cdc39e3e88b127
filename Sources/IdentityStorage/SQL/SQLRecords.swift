import Foundation
import SQLKit

/// A column name and the value bound to it.
typealias SQLColumn = (name: String, value: any Encodable & Sendable)

/// A record stored as one row of one table.
protocol SQLRecord: Sendable {
    static var table: String { get }
    /// Every column with its value, for inserts.
    var columns: [SQLColumn] { get }
    init(row: any SQLRow) throws
}

extension SQLRow {
    func string(_ column: String) throws -> String { try decode(column: column, as: String.self) }
    func optionalString(_ column: String) throws -> String? { try decode(column: column, as: String?.self) }
    func data(_ column: String) throws -> Data { try decode(column: column, as: Data.self) }
    func optionalData(_ column: String) throws -> Data? { try decode(column: column, as: Data?.self) }
    func date(_ column: String) throws -> Date { Date(milliseconds: try decode(column: column, as: Int64.self)) }
    func optionalDate(_ column: String) throws -> Date? {
        try decode(column: column, as: Int64?.self).map(Date.init(milliseconds:))
    }
    /// A value stored as its raw string; one this version does not know is ``StorageError/invalidValue``.
    func value<Value: RawRepresentable>(_ column: String) throws -> Value where Value.RawValue == String {
        let raw = try string(column)
        guard let value = Value(rawValue: raw) else { throw StorageError.invalidValue.with(detail: "\(column) = \(raw)") }
        return value
    }
    /// A string list stored as JSON text.
    func strings(_ column: String) throws -> [String] {
        let text = try string(column)
        return try plainStrings(text) ?? storedLists.decoder.decode([String].self, from: Data(text.utf8))
    }
    /// A list of values stored as JSON text of their raw strings.
    func values<Value: RawRepresentable>(_ column: String) throws -> [Value] where Value.RawValue == String {
        try strings(column).map { raw in
            guard let value = Value(rawValue: raw) else { throw StorageError.invalidValue.with(detail: "\(column) has \(raw)") }
            return value
        }
    }
}

/// A string list as stored: JSON text, as `JSONEncoder` writes it. Strings of letters, digits
/// and `-_.:` only (authentication methods, scopes, ids), which JSON writes as they are, are
/// joined without the encoder (measured: most of a sign-in's cost of building its inserts).
func jsonText(_ strings: [String]) -> String {
    if strings.isEmpty { return "[]" }
    if strings.allSatisfy({ $0.utf8.allSatisfy(isPlain) }) { return "[\"" + strings.joined(separator: "\",\"") + "\"]" }
    return String(decoding: (try? storedLists.encoder.encode(strings)) ?? Data("[]".utf8), as: UTF8.self)
}

/// The strings of a stored list that ``jsonText(_:)`` joined without the encoder, split
/// without the decoder; `nil` for any other text (measured: 0.7% of a sign-in).
func plainStrings(_ text: String) -> [String]? {
    if text == "[]" { return [] }
    let bytes = text.utf8
    guard bytes.starts(with: "[\"".utf8), bytes.reversed().starts(with: "]\"".utf8), bytes.count >= 4 else { return nil }
    // Between the outer `["` and `"]`: each string, and `","` between two.
    let parts = bytes.dropFirst(2).dropLast(2).split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false)
    guard parts.count % 2 == 1 else { return nil }
    var strings: [String] = []
    for (index, part) in parts.enumerated() {
        if index % 2 == 1 {
            guard part.elementsEqual(",".utf8) else { return nil }
        } else {
            guard part.allSatisfy(isPlain) else { return nil }
            strings.append(String(Substring(part)))
        }
    }
    return strings
}

/// Whether JSON writes `byte` as it is, in a string of ``jsonText(_:)``'s shortcut.
private func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"): true
    default: false
    }
}

/// The coders of stored lists, made once (each `JSONEncoder` and `JSONDecoder` made is an allocation or more).
private let storedLists = (encoder: JSONEncoder(), decoder: JSONDecoder())

extension TenantRecord: SQLRecord {
    static let table = "tenants"
    var columns: [SQLColumn] {
        [("id", id), ("display_name", displayName), ("created_at", createdAt.milliseconds), ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(id: try row.string("id"), displayName: try row.string("display_name"),
                  createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}

extension RealmRecord: SQLRecord {
    static let table = "realms"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("display_name", displayName),
         ("registration_redirect_uri", registrationRedirectURI), ("sealed_ca_private_key", sealedCAPrivateKey),
         ("ca_certificate_der", caCertificateDER), ("logo_light_url", theme.logoLightURL), ("logo_dark_url", theme.logoDarkURL),
         ("support_url", theme.supportURL), ("scim_enrollment", scimEnrollment.rawValue), ("created_at", createdAt.milliseconds),
         ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), displayName: try row.string("display_name"),
            registrationRedirectURI: try row.string("registration_redirect_uri"),
            sealedCAPrivateKey: try row.data("sealed_ca_private_key"), caCertificateDER: try row.data("ca_certificate_der"),
            theme: Theme(
                logoLightURL: try row.optionalString("logo_light_url"), logoDarkURL: try row.optionalString("logo_dark_url"),
                supportURL: try row.optionalString("support_url")),
            scimEnrollment: try row.value("scim_enrollment"), createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}

extension ApplicationRecord: SQLRecord {
    static let table = "applications"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("client_id", clientID), ("display_name", displayName),
         ("client_type", clientType.rawValue), ("token_endpoint_auth_method", tokenEndpointAuthMethod.rawValue),
         ("client_secret_hash", clientSecretHash), ("redirect_uris", jsonText(redirectURIs)), ("invoke_url", invokeURL),
         ("allowed_scopes", jsonText(allowedScopes)), ("grant_types", jsonText(grantTypes.map(\.rawValue))),
         ("refresh_token_lifetime", Int64(refreshTokenLifetime)), ("refresh_token_idle_lifetime", Int64(refreshTokenIdleLifetime)),
         ("allowed_origins", jsonText(allowedOrigins)), ("post_logout_redirect_uris", jsonText(postLogoutRedirectURIs)),
         ("id_token_signed_response_alg", idTokenSigningAlgorithm.rawValue),
         ("previous_client_secret_hash", previousClientSecretHash),
         ("previous_client_secret_expires_at", previousClientSecretExpiresAt?.milliseconds),
         ("dpop_bound_access_tokens", Int64(dpopBoundAccessTokens ? 1 : 0)), ("sign_in_devices", signInDevices.rawValue),
         ("email_codes", Int64(emailCodes ? 1 : 0)), ("email_code_binding", Int64(emailCodeBinding ? 1 : 0)),
         ("invocation_type", invocationType.rawValue),
         ("created_at", createdAt.milliseconds), ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            clientID: try row.string("client_id"), displayName: try row.string("display_name"),
            clientType: try row.value("client_type"), tokenEndpointAuthMethod: try row.value("token_endpoint_auth_method"),
            clientSecretHash: try row.optionalData("client_secret_hash"), redirectURIs: try row.strings("redirect_uris"),
            invokeURL: try row.string("invoke_url"), allowedScopes: try row.strings("allowed_scopes"),
            grantTypes: try row.values("grant_types"),
            refreshTokenLifetime: TimeInterval(try row.decode(column: "refresh_token_lifetime", as: Int64.self)),
            refreshTokenIdleLifetime: TimeInterval(try row.decode(column: "refresh_token_idle_lifetime", as: Int64.self)),
            allowedOrigins: try row.strings("allowed_origins"), postLogoutRedirectURIs: try row.strings("post_logout_redirect_uris"),
            idTokenSigningAlgorithm: try row.value("id_token_signed_response_alg"),
            previousClientSecretHash: try row.optionalData("previous_client_secret_hash"),
            previousClientSecretExpiresAt: try row.optionalDate("previous_client_secret_expires_at"),
            dpopBoundAccessTokens: try row.decode(column: "dpop_bound_access_tokens", as: Int64.self) != 0,
            signInDevices: try row.value("sign_in_devices"),
            emailCodes: try row.decode(column: "email_codes", as: Int64.self) != 0,
            emailCodeBinding: try row.decode(column: "email_code_binding", as: Int64.self) != 0,
            invocationType: try row.value("invocation_type"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}

extension IdentityRecord: SQLRecord {
    static let table = "identities"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("username", username), ("email", email),
         ("display_name", displayName), ("status", status.rawValue), ("created_at", createdAt.milliseconds),
         ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            username: try row.string("username"), email: try row.optionalString("email"),
            displayName: try row.string("display_name"), status: try row.value("status"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}

extension CredentialRecord: SQLRecord {
    static let table = "credentials"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("identity_id", identityID), ("state", state.rawValue),
         ("device_name", deviceName), ("certificate_der", certificateDER), ("parent_credential_id", parentCredentialID),
         ("created_at", createdAt.milliseconds), ("last_used_at", lastUsedAt?.milliseconds),
         ("revoked_at", revokedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            identityID: try row.string("identity_id"), state: try row.value("state"),
            deviceName: try row.optionalString("device_name"), certificateDER: try row.data("certificate_der"),
            parentCredentialID: try row.optionalString("parent_credential_id"), createdAt: try row.date("created_at"),
            lastUsedAt: try row.optionalDate("last_used_at"), revokedAt: try row.optionalDate("revoked_at"))
    }
}

extension BindingJobRecord: SQLRecord {
    static let table = "binding_jobs"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("identity_id", identityID), ("kind", kind.rawValue),
         ("delivery", delivery.rawValue), ("token_hash", tokenHash), ("post_binding_redirect_uri", postBindingRedirectURI),
         ("status", status.rawValue), ("expires_at", expiresAt.milliseconds), ("created_at", createdAt.milliseconds),
         ("completed_at", completedAt?.milliseconds), ("credential_id", credentialID),
         ("keeps_other_credentials", Int64(keepsOtherCredentials ? 1 : 0))]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            identityID: try row.string("identity_id"), kind: try row.value("kind"), delivery: try row.value("delivery"),
            tokenHash: try row.data("token_hash"), postBindingRedirectURI: try row.optionalString("post_binding_redirect_uri"),
            status: try row.value("status"), expiresAt: try row.date("expires_at"), createdAt: try row.date("created_at"),
            completedAt: try row.optionalDate("completed_at"), credentialID: try row.optionalString("credential_id"),
            keepsOtherCredentials: try row.decode(column: "keeps_other_credentials", as: Int64.self) != 0)
    }
}

extension AuthorizationCodeRecord: SQLRecord {
    static let table = "authorization_codes"
    var columns: [SQLColumn] {
        [("code_hash", codeHash), ("application_id", applicationID), ("realm_id", realmID), ("identity_id", identityID),
         ("credential_id", credentialID), ("redirect_uri", redirectURI), ("scope", scope), ("nonce", nonce),
         ("code_challenge", codeChallenge), ("code_challenge_method", codeChallengeMethod),
         ("auth_time", authTime.milliseconds), ("expires_at", expiresAt.milliseconds),
         ("created_at", createdAt.milliseconds), ("used_at", usedAt?.milliseconds), ("transaction_hash", transactionHash),
         ("amr", jsonText(assurance.methods)), ("acr", assurance.level), ("session_id", sessionID)]
    }
    init(row: any SQLRow) throws {
        self.init(
            codeHash: try row.data("code_hash"), applicationID: try row.string("application_id"),
            realmID: try row.string("realm_id"), identityID: try row.string("identity_id"),
            credentialID: try row.optionalString("credential_id"), redirectURI: try row.string("redirect_uri"),
            scope: try row.string("scope"), nonce: try row.optionalString("nonce"),
            codeChallenge: try row.optionalString("code_challenge"),
            codeChallengeMethod: try row.optionalString("code_challenge_method"), authTime: try row.date("auth_time"),
            expiresAt: try row.date("expires_at"), createdAt: try row.date("created_at"), usedAt: try row.optionalDate("used_at"),
            transactionHash: try row.optionalData("transaction_hash"), assurance: try SignInAssurance(row: row),
            sessionID: try row.optionalString("session_id"))
    }
}

extension IssuedTokenRecord: SQLRecord {
    static let table = "issued_tokens"
    var columns: [SQLColumn] {
        [("jti", jti), ("grant_type", grant.rawValue), ("code_hash", codeHash), ("session_id", sessionID),
         ("expires_at", expiresAt.milliseconds), ("revoked_at", revokedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(jti: try row.string("jti"), grant: try row.value("grant_type"), codeHash: try row.optionalData("code_hash"),
                  sessionID: try row.optionalString("session_id"), expiresAt: try row.date("expires_at"),
                  revokedAt: try row.optionalDate("revoked_at"))
    }
}

extension SessionRecord: SQLRecord {
    static let table = "sessions"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("application_id", applicationID),
         ("identity_id", identityID), ("credential_id", credentialID), ("scope", scope), ("auth_time", authTime.milliseconds),
         ("code_hash", codeHash), ("created_at", createdAt.milliseconds), ("expires_at", expiresAt.milliseconds),
         ("last_refreshed_at", lastRefreshedAt?.milliseconds), ("revoked_at", revokedAt?.milliseconds),
         ("dpop_jkt", dpopBinding?.thumbprint), ("dpop_key", dpopBinding?.key.rawValue),
         ("amr", jsonText(assurance.methods)), ("acr", assurance.level)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            applicationID: try row.string("application_id"), identityID: try row.string("identity_id"),
            credentialID: try row.optionalString("credential_id"), scope: try row.string("scope"), authTime: try row.date("auth_time"),
            codeHash: try row.data("code_hash"), createdAt: try row.date("created_at"), expiresAt: try row.date("expires_at"),
            lastRefreshedAt: try row.optionalDate("last_refreshed_at"), revokedAt: try row.optionalDate("revoked_at"),
            dpopBinding: try row.optionalString("dpop_jkt").map { DPoPBinding(thumbprint: $0, key: try row.value("dpop_key")) },
            assurance: try SignInAssurance(row: row))
    }
}

extension RefreshTokenRecord: SQLRecord {
    static let table = "refresh_tokens"
    var columns: [SQLColumn] {
        [("token_hash", tokenHash), ("session_id", sessionID), ("created_at", createdAt.milliseconds),
         ("expires_at", expiresAt.milliseconds), ("used_at", usedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            tokenHash: try row.data("token_hash"), sessionID: try row.string("session_id"), createdAt: try row.date("created_at"),
            expiresAt: try row.date("expires_at"), usedAt: try row.optionalDate("used_at"))
    }
}

extension SigningKeyRecord: SQLRecord {
    static let table = "signing_keys"
    var columns: [SQLColumn] {
        [("kid", kid), ("realm_id", realmID), ("algorithm", algorithm.rawValue), ("sealed_private_key", sealedPrivateKey),
         ("created_at", createdAt.milliseconds), ("activates_at", activatesAt?.milliseconds),
         ("retired_at", retiredAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(kid: try row.string("kid"), realmID: try row.string("realm_id"), algorithm: try row.value("algorithm"),
                  sealedPrivateKey: try row.data("sealed_private_key"), createdAt: try row.date("created_at"),
                  activatesAt: try row.optionalDate("activates_at"), retiredAt: try row.optionalDate("retired_at"))
    }
}

extension AdminTokenRecord: SQLRecord {
    static let table = "admin_tokens"
    var columns: [SQLColumn] {
        [("id", id), ("token_hash", tokenHash), ("label", label), ("tenant_id", tenantID), ("created_at", createdAt.milliseconds),
         ("expires_at", expiresAt?.milliseconds), ("revoked_at", revokedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            tokenHash: try row.data("token_hash"), label: try row.string("label"), tenantID: try row.optionalString("tenant_id"),
            createdAt: try row.date("created_at"), expiresAt: try row.optionalDate("expires_at"),
            revokedAt: try row.optionalDate("revoked_at"))
    }
}

extension AuditEventRecord: SQLRecord {
    static let table = "audit_events"
    var columns: [SQLColumn] {
        [("id", id), ("occurred_at", occurredAt.milliseconds), ("type", type), ("tenant_id", tenantID),
         ("realm_id", realmID), ("subject_id", subjectID), ("detail_json", detailJSON), ("occurrences", Int64(occurrences))]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), occurredAt: try row.date("occurred_at"), type: try row.string("type"),
            tenantID: try row.optionalString("tenant_id"), realmID: try row.optionalString("realm_id"),
            subjectID: try row.optionalString("subject_id"), detailJSON: try row.string("detail_json"),
            occurrences: Int(try row.decode(column: "occurrences", as: Int64.self)))
    }
}

extension SignInAssurance {
    /// The `amr` and `acr` columns of a code or session row.
    init(row: any SQLRow) throws {
        self.init(methods: try row.strings("amr"), level: try row.string("acr"))
    }
}
