public import Foundation
import SQLKit

/// Credential extension sessions (compare-and-set on their version) and rate-limit counters.
extension SQLIdentityStore {
    public func createExtensionSession(_ session: ExtensionSessionRecord) async throws { try await insert(session) }

    public func extensionSession(id: String) async throws -> ExtensionSessionRecord? {
        try await fetch(ExtensionSessionRecord.self, where: "id", equals: id)
    }

    public func extensionSession(codeHash: Data) async throws -> ExtensionSessionRecord? {
        try await fetch(ExtensionSessionRecord.self, where: "code_hash", equals: codeHash)
    }

    public func liveExtensionSessions(credentialID: String) async throws -> [ExtensionSessionRecord] {
        try await engine.run { db in
            try await db.select().column("*").from(ExtensionSessionRecord.table)
                .where("credential_id", .equal, credentialID).where("state", .in, ExtensionSessionRecord.State.live.map(\.rawValue))
                .all().map(ExtensionSessionRecord.init(row:))
        }
    }

    public func updateExtensionSession(
        _ session: ExtensionSessionRecord, expectedVersion: Int64, inserting credential: CredentialRecord?
    ) async throws {
        let columns = session.columns.filter { $0.name != "id" && $0.name != "created_at" }
        try await engine.transaction { db in
            let updated = try await SQLErrors.translating {
                var update = db.update(ExtensionSessionRecord.table)
                for column in columns { update = update.set(column.name, to: sqlValue(column.value)) }
                return try await update.where("id", .equal, session.id).where("version", .equal, expectedVersion)
                    .returning("id").all().count
            }
            guard updated == 1 else { throw StorageError.notFound.with(detail: "extension session \(session.id) version \(expectedVersion)") }
            if let credential { try await self.insert(credential, on: db) }
            try await self.engine.notify(Self.extensionSessionChannel, payload: session.id, on: db)
        }
    }

    public func extensionSessionChanges() async -> AsyncStream<String> {
        await engine.notifications(on: Self.extensionSessionChannel)
    }

    /// The notification channel of extension session changes. Deployments in other schemas of
    /// the same database share it; their session ids (random UUIDs) wake nobody here.
    static let extensionSessionChannel = "bi_extension_sessions"

    public func touchExtensionSession(id: String, at date: Date) async throws {
        try await engine.run { db in
            try await db.update(ExtensionSessionRecord.table).set("holder_seen_at", to: date.milliseconds)
                .where("id", .equal, id).run()
        }
    }

    public func useSignedRequest(credentialID: String, requestID: String, expiresAt: Date) async throws -> Bool {
        try await useOnce("used_signed_requests", owner: ("credential_id", credentialID), id: ("request_id", requestID), expiresAt: expiresAt)
    }

    public func useDPoPProof(
        keyThumbprint: String, jti: String, expiresAt: Date, counting attempt: AttemptCount?
    ) async throws -> DPoPProofUse {
        try await engine.write { db in
            if let attempt, let refused = try await Self.count(attempt, on: db) { return .limited(refused) }
            let spent = try await Self.useOnce(
                "used_dpop_proofs", owner: ("key_thumbprint", keyThumbprint), id: ("jti", jti), expiresAt: expiresAt, on: db)
            return spent ? .accepted : .replayed
        }
    }

    public func useConsoleForm(sessionID: String, formID: String, expiresAt: Date) async throws -> Bool {
        try await useOnce("used_console_forms", owner: ("session_id", sessionID), id: ("form_id", formID), expiresAt: expiresAt)
    }

    /// Records the id `id` of `owner` in the single-use `table` until `expiresAt`; whether it
    /// was new (an atomic insert, so two instances never both accept one id).
    private func useOnce(
        _ table: String, owner: (column: String, value: String), id: (column: String, value: String), expiresAt: Date,
        operation: String = #function
    ) async throws -> Bool {
        try await engine.write(operation: operation) { db in try await Self.useOnce(table, owner: owner, id: id, expiresAt: expiresAt, on: db) }
    }

    private static func useOnce(
        _ table: String, owner: (column: String, value: String), id: (column: String, value: String), expiresAt: Date,
        on db: any SQLDatabase
    ) async throws -> Bool {
        try await db.raw("""
            INSERT INTO \(ident: table) (\(ident: owner.column), \(ident: id.column), expires_at)
            VALUES (\(bind: owner.value), \(bind: id.value), \(bind: expiresAt.milliseconds))
            ON CONFLICT (\(ident: owner.column), \(ident: id.column)) DO NOTHING RETURNING \(ident: id.column)
            """).first() != nil
    }

    public func recordAttempt(_ attempt: AttemptCount) async throws -> AttemptBucket? {
        guard !attempt.buckets.isEmpty else { return nil }
        return try await engine.write { db in try await Self.count(attempt, on: db) }
    }

    /// Counts `attempt` up to the first bucket over its limit, which it returns.
    private static func count(_ attempt: AttemptCount, on db: any SQLDatabase) async throws -> AttemptBucket? {
        for bucket in attempt.buckets {
            let attempts = try await db.raw("""
                INSERT INTO rate_limit_windows (bucket, window_start, attempts, expires_at)
                VALUES (\(bind: bucket.name), \(bind: attempt.windowStart.milliseconds), 1, \(bind: attempt.expiresAt.milliseconds))
                ON CONFLICT (bucket, window_start) DO UPDATE SET attempts = rate_limit_windows.attempts + 1 RETURNING attempts
                """).first()?.decode(column: "attempts", as: Int64.self)
            if let attempts, attempts > bucket.limit { return bucket }
        }
        return nil
    }
}

extension ExtensionSessionRecord: SQLRecord {
    static let table = "extension_sessions"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("identity_id", identityID),
         ("credential_id", credentialID), ("holder_secret_hash", holderSecretHash), ("code_hash", codeHash),
         ("code_expires_at", codeExpiresAt.milliseconds), ("expires_at", expiresAt.milliseconds), ("state", state.rawValue),
         ("version", version), ("holder_seen_at", holderSeenAt.milliseconds),
         ("claim_secret_hash", claim?.secretHash), ("claimant_device_name", claim?.deviceName),
         ("claimant_credential_id", claim?.credentialID), ("draft_certificate_der", claim?.draftCertificateDER),
         ("claimed_at", claim?.claimedAt.milliseconds), ("issued_chain", claim?.issuedChain.map(jsonText)),
         ("failure", failure), ("created_at", createdAt.milliseconds), ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        var claim: ExtensionClaimRecord?
        if let secretHash = try row.optionalData("claim_secret_hash") {
            claim = ExtensionClaimRecord(
                secretHash: secretHash, deviceName: try row.optionalString("claimant_device_name"),
                credentialID: try row.string("claimant_credential_id"),
                draftCertificateDER: try row.data("draft_certificate_der"), claimedAt: try row.date("claimed_at"),
                issuedChain: try row.optionalString("issued_chain") == nil ? nil : try row.strings("issued_chain"))
        }
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            identityID: try row.string("identity_id"), credentialID: try row.string("credential_id"),
            holderSecretHash: try row.data("holder_secret_hash"), codeHash: try row.data("code_hash"),
            codeExpiresAt: try row.date("code_expires_at"), expiresAt: try row.date("expires_at"),
            state: try row.value("state"), version: try row.decode(column: "version", as: Int64.self),
            holderSeenAt: try row.date("holder_seen_at"), claim: claim, failure: try row.optionalString("failure"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}
