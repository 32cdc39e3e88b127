package import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// Operators: people who sign in to the console with a role, identities of the operators' realm
/// (``OperatorsRealm``). Managed by owners; an operator suspends, gets a new enrollment link or
/// loses a passkey as any identity does, on their identity in the operators' tenant.
extension AdminService {
    /// Adds an operator: their identity, their role, and an enrollment link (in the answer only,
    /// once) that creates the passkey they sign in with.
    package func createOperator(_ input: OperatorInput) async throws -> Operator {
        try admin.require(.manageServer, toDo: "manage operators")
        try requireRecentProof(toDo: "add an operator")
        let (role, tenantID) = try await reach(role: input.role, tenantID: input.tenantID)
        try await OperatorsRealm.makeRealm(self)
        let identity = try newIdentity(
            OperatorsRealm.path, IdentityInput(username: input.username, email: input.email, displayName: input.displayName))
        let record = OperatorRecord(identityID: identity.id, role: role, tenantID: tenantID, createdAt: identity.createdAt, updatedAt: identity.createdAt)
        let created = try event(
            "admin.operator.created", tenantID: OperatorsRealm.tenantID, realmID: OperatorsRealm.realmID, subjectID: identity.id,
            detail: Self.detail(record, username: identity.username))
        try await write(conflict: "there is already an operator with username '\(identity.username)'") {
            try await store.createOperator(record, identity: identity, audit: [created])
        }
        let link = try await createBindingJob(
            IdentityPath(realm: OperatorsRealm.path, identityID: identity.id), BindingJobInput(kind: "registration", delivery: "return"))
        var view = Self.view(record, identity)
        view.enrollmentLink = link.credentialBindingLink
        return view
    }

    /// Operators by id.
    package func operators(_ page: PageRequest) async throws -> AdminPage<Operator> {
        try admin.require(.manageServer, toDo: "manage operators")
        let records = try await store.listOperators(page)
        var items: [Operator] = []
        for record in records.items {
            guard let identity = try await store.identity(id: record.identityID) else { continue }
            items.append(Self.view(record, identity))
        }
        return AdminPage(items: items, nextCursor: records.nextCursor)
    }

    package func `operator`(_ id: String) async throws -> Operator {
        try admin.require(.manageServer, toDo: "manage operators")
        let (record, identity) = try await operatorRecord(id)
        return Self.view(record, identity)
    }

    /// Changes an operator's role or reach (`tenant_id`, empty for every tenant). Operators do not
    /// change their own (`409`): another owner does, so nobody locks themselves out by mistake.
    package func updateOperator(_ id: String, _ input: OperatorInput) async throws -> Operator {
        try admin.require(.manageServer, toDo: "manage operators")
        try requireRecentProof(toDo: "change an operator's role")
        var (record, identity) = try await operatorRecord(id)
        guard !(admin.isOperator && admin.id == id) else {
            throw ServerError(APIErrorCode.conflict, "operators do not change their own role: another owner can")
        }
        let tenantID = input.tenantID.map { $0.isEmpty ? nil : $0 } ?? record.tenantID
        (record.role, record.tenantID) = try await reach(role: input.role ?? record.role.rawValue, tenantID: tenantID)
        record.updatedAt = now()
        let updated = try event(
            "admin.operator.updated", tenantID: OperatorsRealm.tenantID, realmID: OperatorsRealm.realmID, subjectID: id,
            detail: Self.detail(record, username: identity.username))
        try await write { try await store.updateOperator(record, audit: updated) }
        return Self.view(record, identity)
    }

    /// The most sessions of one operator listed.
    package static let listedOperatorSessions = 100

    /// The operator's console sessions (their operators' account sessions) not yet expired, the
    /// most recently used first; an idle one ends at its next request.
    package func operatorSessions(_ id: String) async throws -> [AccountSessionRecord] {
        try admin.require(.manageServer, toDo: "manage operators")
        _ = try await operatorRecord(id)
        return try await store.accountSessions(identityID: id, activeAt: now(), limit: Self.listedOperatorSessions)
    }

    /// Ends one of the operator's sessions at once (again: no change).
    package func endOperatorSession(_ id: String, sessionID: String) async throws {
        try admin.require(.manageServer, toDo: "manage operators")
        guard try await operatorSessions(id).contains(where: { $0.id == sessionID }) else { return }
        let ended = try event(
            "admin.operator.session_ended", tenantID: OperatorsRealm.tenantID, realmID: OperatorsRealm.realmID, subjectID: id,
            detail: ["account_session_id": sessionID])
        try await store.deleteAccountSession(id: sessionID, audit: ended)
    }

    /// The role and reach `role` and `tenantID` ask for: a role of ``AdminRole``, an existing
    /// tenant, and no owner limited to one.
    private func reach(role: String?, tenantID: String?) async throws -> (AdminRole, String?) {
        let role: AdminRole = try InputRules.oneOf(role, field: "role")
        if let tenantID {
            guard role != .owner else {
                throw ServerError.invalidRequest("an owner's reach is every tenant: leave 'tenant_id' out, or choose another 'role'")
            }
            _ = try await tenantRecord(tenantID)
        }
        return (role, tenantID)
    }

    private func operatorRecord(_ id: String) async throws -> (OperatorRecord, IdentityRecord) {
        guard let record = try await store.operatorRecord(identityID: id), let identity = try await store.identity(id: id) else {
            throw ServerError.notFound("no such operator")
        }
        return (record, identity)
    }

    private static func detail(_ record: OperatorRecord, username: String) -> [String: String] {
        var detail = ["role": record.role.rawValue, "username": username]
        detail["operator_tenant_id"] = record.tenantID
        return detail
    }

    private static func view(_ record: OperatorRecord, _ identity: IdentityRecord) -> Operator {
        Operator(
            id: record.identityID, username: identity.username, email: identity.email, displayName: identity.displayName,
            role: record.role.rawValue, tenantID: record.tenantID, status: IdentityStatus(identity.status),
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }
}
