public import Foundation
import SQLKit

/// Binding tokens, authorization codes (each completing one sign-in transaction) and issued tokens:
/// each claimed once, atomically, in the database.
extension SQLIdentityStore {
    public func completeBinding(
        tokenHash: Data, now: Date,
        audited issue: @escaping @Sendable (BindingJobRecord, [String]) async throws -> (CredentialRecord, [AuditEventRecord])
    ) async throws -> (job: BindingJobRecord, credential: CredentialRecord) {
        try await claimingBindingJob(tokenHash: tokenHash, now: now) { job, revoked, db in
            let (credential, events) = try await issue(job, revoked)
            try await self.insert(credential, on: db)
            return (credential, events)
        }
    }

    public func completePasskeyBinding(
        tokenHash: Data, now: Date,
        audited issue: @escaping @Sendable (BindingJobRecord, [String]) async throws -> (CredentialRecord, PasskeyRecord, [AuditEventRecord])
    ) async throws -> (job: BindingJobRecord, credential: CredentialRecord) {
        try await claimingBindingJob(tokenHash: tokenHash, now: now) { job, revoked, db in
            let (credential, passkey, events) = try await issue(job, revoked)
            try await self.insert(credential, on: db)
            try await self.insert(passkey, on: db)
            return (credential, events)
        }
    }

    /// In one transaction: claims the pending, unexpired job of `tokenHash`, revokes what a
    /// recovery replaces, lets `insert` write the credential (given the job as it was, the ids
    /// revoked and the transaction), then its events and the job's credential id.
    private func claimingBindingJob(
        tokenHash: Data, now: Date,
        _ insert: @escaping @Sendable (BindingJobRecord, [String], any SQLDatabase) async throws -> (CredentialRecord, [AuditEventRecord])
    ) async throws -> (job: BindingJobRecord, credential: CredentialRecord) {
        try await engine.transaction { db in
            let claimed = try await db.raw("""
                UPDATE binding_jobs SET status = \(bind: BindingJobRecord.Status.complete.rawValue), completed_at = \(bind: now.milliseconds)
                WHERE token_hash = \(bind: tokenHash) AND status = \(bind: BindingJobRecord.Status.pending.rawValue) AND expires_at > \(bind: now.milliseconds)
                RETURNING *
                """).first()
            guard let claimed else { throw StorageError.notFound.with(detail: "binding token") }
            var job = try BindingJobRecord(row: claimed)
            var revoked: [String] = []
            if job.kind == .recovery, !job.keepsOtherCredentials {
                revoked = try await self.revokeActiveCredentials(ofIdentity: job.identityID, at: now, on: db)
            }
            var pending = job
            (pending.status, pending.completedAt) = (.pending, nil)
            let (credential, events) = try await insert(pending, revoked, db)
            for event in events { try await self.insert(event, on: db) }
            try await db.raw("UPDATE binding_jobs SET credential_id = \(bind: credential.id) WHERE id = \(bind: job.id)").run()
            job.credentialID = credential.id
            return (job, credential)
        }
    }

    public func completeAuthentication(now: Date, code: AuthorizationCodeRecord, audit: AuditEventRecord?) async throws {
        let statements = completionStatements(now: now, code: code, audit: audit)
        switch engine.kind {
        case .postgres:
            // One statement, so one round trip and atomic without BEGIN and COMMIT.
            let combined = Self.with(inserts: Array(statements.dropLast()), then: statements[statements.count - 1])
            try await engine.run { db in try await SQLErrors.translating { try await db.raw(combined).run() } }
        case .sqlite:
            try await engine.transaction { db in
                for statement in statements { try await db.run(statement) }
            }
        }
    }

    /// What completing a sign-in writes: the code, its audit event, then the credential's last use.
    func completionStatements(now: Date, code: AuthorizationCodeRecord, audit: AuditEventRecord?) -> [any SQLExpression] {
        [RecordInsert(code)] + (audit.map { [RecordInsert($0)] } ?? [])
            + ["UPDATE credentials SET last_used_at = \(bind: now.milliseconds) WHERE id = \(bind: code.credentialID)" as SQLQueryString]
    }

    public func authorizationCodeWithStanding(
        hash: Data
    ) async throws -> (code: AuthorizationCodeRecord, standing: CredentialStanding?, certificateDER: Data?)? {
        let row = try await engine.run { db in
            try await db.raw("""
                SELECT a.*, \(unsafeRaw: Self.credentialState("a")) AS credential_state, i.status AS identity_status,
                    c.certificate_der AS credential_certificate_der
                FROM authorization_codes a LEFT JOIN credentials c ON c.id = a.credential_id
                LEFT JOIN identities i ON i.id = \(unsafeRaw: Self.signedInIdentity("a"))
                WHERE a.code_hash = \(bind: hash)
                """).first()
        }
        return try row.map { row in
            let standing: CredentialStanding? = try row.decodeNil(column: "identity_status")
                ? nil : CredentialStanding(credentialState: try row.value("credential_state"), identityStatus: try row.value("identity_status"))
            return (try AuthorizationCodeRecord(row: row), standing, try row.optionalData("credential_certificate_der"))
        }
    }

    /// The state of the credential that signed a code or session (`row`'s alias) in, joined as
    /// `c`: a sign-in without one (an email code) stands as an active credential would.
    static func credentialState(_ row: String) -> String {
        "CASE WHEN \(row).credential_id IS NULL THEN '\(CredentialRecord.State.active.rawValue)' ELSE c.state END"
    }

    /// The identity whose status decides whether a code or session (`row`'s alias) stands: the
    /// signing credential's (joined as `c`; none once it is gone), or the row's own without one.
    static func signedInIdentity(_ row: String) -> String {
        "CASE WHEN \(row).credential_id IS NULL THEN \(row).identity_id ELSE c.identity_id END"
    }

    public func redeemAuthorizationCode(
        hash: Data, now: Date, issuing issuance: TokenIssuance
    ) async throws -> CodeRedemption {
        let redeem: SQLQueryString = """
            UPDATE authorization_codes SET used_at = \(bind: now.milliseconds), session_id = \(bind: issuance.session?.id)
            WHERE code_hash = \(bind: hash) AND used_at IS NULL RETURNING *
            """
        let existing: SQLQueryString = "SELECT * FROM authorization_codes WHERE code_hash = \(bind: hash)"
        let alreadyUsed: @Sendable (any SQLDatabase) async throws -> CodeRedemption = { db in
            try await db.raw(existing).first().map { .alreadyUsed(try AuthorizationCodeRecord(row: $0)) } ?? .notFound
        }
        switch engine.kind {
        case .postgres:
            // The code is spent and what it earns inserted in one statement (one round trip,
            // atomic); the inserts see the spent row, so they insert nothing when it was not.
            let statement = Self.with(
                first: ("redeemed", redeem), inserts: statements(issuance, when: "EXISTS (SELECT 1 FROM redeemed)"),
                then: "SELECT * FROM redeemed" as SQLQueryString)
            if let redeemed = try await engine.run({ db in try await SQLErrors.translating { try await db.raw(statement).first() } }) {
                return .redeemed(try AuthorizationCodeRecord(row: redeemed))
            }
            return try await engine.run(alreadyUsed)
        case .sqlite:
            return try await engine.transaction { db in
                guard let redeemed = try await db.raw(redeem).first() else { return try await alreadyUsed(db) }
                try await self.insert(issuance, on: db)
                return .redeemed(try AuthorizationCodeRecord(row: redeemed))
            }
        }
    }

    public func recordIssuance(_ issuance: TokenIssuance) async throws {
        try await engine.transaction { db in try await self.insert(issuance, on: db) }
    }

    public func issuedTokenStanding(jti: String, subject: String) async throws -> IssuedTokenStanding? {
        let row = try await engine.run { db in
            try await db.raw("""
                SELECT t.*, s.id AS session_found, s.revoked_at AS session_revoked_at,
                    \(unsafeRaw: Self.credentialState("s")) AS credential_state, ci.status AS credential_identity_status, i.*
                FROM issued_tokens t
                LEFT JOIN sessions s ON s.id = t.session_id
                LEFT JOIN credentials c ON c.id = s.credential_id
                LEFT JOIN identities ci ON ci.id = \(unsafeRaw: Self.signedInIdentity("s"))
                LEFT JOIN identities i ON i.id = \(bind: subject)
                WHERE t.jti = \(bind: jti)
                """).first()
        }
        guard let row else { return nil }
        let token = try IssuedTokenRecord(row: row)
        var sessionStands: Bool?
        if token.sessionID != nil {
            sessionStands = try !row.decodeNil(column: "session_found") && row.optionalDate("session_revoked_at") == nil
                && row.optionalString("credential_state") == CredentialRecord.State.active.rawValue
                && row.optionalString("credential_identity_status") == IdentityRecord.Status.active.rawValue
        }
        let subject = try row.decodeNil(column: "id") ? nil : IdentityRecord(row: row)
        return IssuedTokenStanding(token: token, sessionStands: sessionStands, subject: subject)
    }

    public func revokeIssuedToken(jti: String, at date: Date) async throws -> Bool {
        try await engine.run { db in
            try await db.raw("""
                UPDATE issued_tokens SET revoked_at = \(bind: date.milliseconds)
                WHERE jti = \(bind: jti) AND revoked_at IS NULL RETURNING jti
                """).first() != nil
        }
    }

    public func revokeTokens(issuedFromCode codeHash: Data, at date: Date) async throws -> Int {
        try await engine.transaction { db in
            let code = try await db.raw("SELECT session_id FROM authorization_codes WHERE code_hash = \(bind: codeHash)").first()
            guard let session = try code?.optionalString("session_id") else { return 0 }
            try await db.raw("""
                UPDATE sessions SET revoked_at = \(bind: date.milliseconds) WHERE id = \(bind: session) AND revoked_at IS NULL
                """).run()
            return try await self.revokeTokens(ofSession: session, at: date, on: db)
        }
    }

    /// Inserts what one grant issued: session, refresh token, access tokens, audit events.
    func insert(_ issuance: TokenIssuance, on db: any SQLDatabase) async throws {
        for statement in statements(issuance) { try await db.run(statement) }
    }

    /// The `INSERT`s of what one grant issued, in order (a session before what refers to it).
    func statements(_ issuance: TokenIssuance, when condition: String? = nil) -> [RecordInsert] {
        var statements: [RecordInsert] = []
        if let session = issuance.session { statements.append(RecordInsert(session, when: condition)) }
        if let refreshToken = issuance.refreshToken { statements.append(RecordInsert(refreshToken, when: condition)) }
        statements += issuance.accessTokens.map { RecordInsert($0, when: condition) }
        statements += issuance.auditEvents.map { RecordInsert($0, when: condition) }
        return statements
    }

    /// PostgreSQL: `statements` as data-modifying `WITH` clauses of `final` (after a `first`
    /// clause that later ones may name, when given): one statement, atomic, one round trip. All see the
    /// same snapshot; foreign keys between them are checked at the statement's end.
    static func with(
        first: (name: String, statement: SQLQueryString)? = nil, inserts statements: [any SQLExpression], then final: any SQLExpression
    ) -> SQLQueryString {
        var sql = SQLQueryString("WITH ")
        let clauses: [(name: String, statement: any SQLExpression)] =
            (first.map { [($0.name, $0.statement)] } ?? []) + statements.enumerated().map { ("s\($0.offset)", $0.element) }
        for (index, clause) in clauses.enumerated() {
            sql.appendLiteral(index > 0 ? ", \(clause.name) AS (" : "\(clause.name) AS (")
            sql.appendInterpolation(clause.statement)
            sql.appendLiteral(")")
        }
        sql.appendLiteral(" ")
        sql.appendInterpolation(final)
        return sql
    }


    /// Revokes the session's unrevoked access tokens; returns how many.
    func revokeTokens(ofSession sessionID: String, at date: Date, on db: any SQLDatabase) async throws -> Int {
        try await db.raw("""
            UPDATE issued_tokens SET revoked_at = \(bind: date.milliseconds)
            WHERE session_id = \(bind: sessionID) AND revoked_at IS NULL RETURNING jti
            """).all().count
    }
}
