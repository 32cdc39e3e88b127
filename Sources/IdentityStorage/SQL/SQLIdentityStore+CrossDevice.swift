public import Foundation
import SQLKit

/// Cross-device sign-ins: each decided once and completed once, by conditional updates.
extension SQLIdentityStore {
    public func createCrossDeviceSignIn(_ signIn: CrossDeviceSignInRecord) async throws { try await insert(signIn) }

    public func crossDeviceSignIn(id: String) async throws -> CrossDeviceSignInRecord? {
        try await fetch(CrossDeviceSignInRecord.self, where: "id", equals: id)
    }

    public func crossDeviceSignIn(requestHash: Data) async throws -> CrossDeviceSignInRecord? {
        try await fetch(CrossDeviceSignInRecord.self, where: "request_hash", equals: requestHash)
    }

    public func decideCrossDeviceSignIn(
        id: String, _ decision: CrossDeviceSignInRecord.Decision, from current: CrossDeviceSignInRecord.State, at now: Date,
        audit: AuditEventRecord
    ) async throws -> CrossDeviceSignInRecord {
        let (state, identityID, credentialID, assurance): (CrossDeviceSignInRecord.State, String?, String?, SignInAssurance?) =
            switch decision {
            case .approved(let identity, let credential, let proved): (.approved, identity, credential, proved)
            case .declined: (.declined, nil, nil, nil)
            }
        // A pending sign-in is decided only before it lapses; an approved one keeps who approved it.
        let lapse: SQLQueryString = current == .pending ? "AND expires_at > \(bind: now.milliseconds)" : ""
        return try await engine.transaction { db in
            let row = try await db.raw("""
                UPDATE cross_device_sign_ins SET state = \(bind: state.rawValue),
                    identity_id = COALESCE(\(bind: identityID), identity_id), credential_id = COALESCE(\(bind: credentialID), credential_id),
                    amr = \(bind: assurance.map { jsonText($0.methods) }), acr = \(bind: assurance?.level),
                    decided_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id) AND state = \(bind: current.rawValue) \(lapse)
                RETURNING *
                """).first()
            guard let row else { throw StorageError.notFound.with(detail: "pending cross-device sign-in \(id)") }
            try await self.insert(audit, on: db)
            try await self.engine.notify(Self.extensionSessionChannel, payload: id, on: db)
            return try CrossDeviceSignInRecord(row: row)
        }
    }

    public func completeCrossDeviceSignIn(
        id: String, approvedSince: Date, now: Date, code: AuthorizationCodeRecord, audit: AuditEventRecord
    ) async throws {
        try await engine.transaction { db in
            let completed = try await db.raw("""
                UPDATE cross_device_sign_ins SET state = \(bind: CrossDeviceSignInRecord.State.completed.rawValue)
                WHERE id = \(bind: id) AND state = \(bind: CrossDeviceSignInRecord.State.approved.rawValue)
                    AND decided_at > \(bind: approvedSince.milliseconds)
                RETURNING id
                """).first()
            guard completed != nil else { throw StorageError.notFound.with(detail: "approved cross-device sign-in \(id)") }
            for statement in self.completionStatements(now: now, code: code, audit: audit) { try await db.run(statement) }
            try await self.engine.notify(Self.extensionSessionChannel, payload: id, on: db)
        }
    }

    public func expireCrossDeviceSignIns(
        now: Date, audit: @escaping @Sendable (CrossDeviceSignInRecord) throws -> AuditEventRecord
    ) async throws -> Int {
        try await engine.transaction { db in
            let rows = try await db.raw("""
                UPDATE cross_device_sign_ins SET state = \(bind: CrossDeviceSignInRecord.State.expired.rawValue),
                    decided_at = \(bind: now.milliseconds)
                WHERE state = \(bind: CrossDeviceSignInRecord.State.pending.rawValue) AND expires_at <= \(bind: now.milliseconds)
                RETURNING *
                """).all()
            for row in rows {
                let signIn = try CrossDeviceSignInRecord(row: row)
                try await self.insert(try audit(signIn), on: db)
                try await self.engine.notify(Self.extensionSessionChannel, payload: signIn.id, on: db)
            }
            return rows.count
        }
    }
}

extension CrossDeviceSignInRecord: SQLRecord {
    static let table = "cross_device_sign_ins"
    var columns: [SQLColumn] {
        [("id", id), ("request_hash", requestHash), ("browser_hash", browserHash), ("tenant_id", tenantID),
         ("realm_id", realmID), ("application_id", applicationID), ("auth_transaction", transaction),
         ("source_ip", origin.sourceIP), ("user_agent", origin.userAgent), ("referer", origin.referer),
         ("geolocation", origin.geolocation), ("state", state.rawValue), ("identity_id", identityID),
         ("credential_id", credentialID), ("amr", assurance.map { jsonText($0.methods) }), ("acr", assurance?.level),
         ("created_at", createdAt.milliseconds), ("expires_at", expiresAt.milliseconds),
         ("decided_at", decidedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), requestHash: try row.data("request_hash"), browserHash: try row.data("browser_hash"),
            tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            applicationID: try row.string("application_id"), transaction: try row.string("auth_transaction"),
            origin: Origin(
                sourceIP: try row.string("source_ip"), userAgent: try row.optionalString("user_agent"),
                referer: try row.optionalString("referer"), geolocation: try row.optionalString("geolocation")),
            state: try row.value("state"), identityID: try row.optionalString("identity_id"),
            credentialID: try row.optionalString("credential_id"),
            assurance: try row.optionalString("acr") == nil ? nil : try SignInAssurance(row: row), createdAt: try row.date("created_at"),
            expiresAt: try row.date("expires_at"), decidedAt: try row.optionalDate("decided_at"))
    }
}
