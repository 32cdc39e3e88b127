public import Foundation

/// The console's operators. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol OperatorStore: Sendable {
    /// Creates `identity` and makes it the operator `record`, with `events`, in one transaction.
    func createOperator(_ record: OperatorRecord, identity: IdentityRecord, audit events: [AuditEventRecord]) async throws
    /// The operator whose identity is `identityID`; `nil` when that identity is not one.
    func operatorRecord(identityID: String) async throws -> OperatorRecord?
    /// Operators by identity id.
    func listOperators(_ page: PageRequest) async throws -> Page<OperatorRecord>
    /// Replaces the operator `record` (its role and reach) and appends `event`, in one transaction;
    /// ``StorageError/notFound`` when there is none.
    func updateOperator(_ record: OperatorRecord, audit event: AuditEventRecord) async throws
    /// How many operators there are.
    func operatorCount() async throws -> Int
}
