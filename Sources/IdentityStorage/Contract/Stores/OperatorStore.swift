public import Foundation

/// The console's operators. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol OperatorStore: Sendable {
    /// Creates `identity` and makes it the operator `record`, with `events`, in one transaction.
    func createOperator(_ record: OperatorRecord, identity: IdentityRecord, audit events: [AuditEventRecord]) async throws
    /// The operator whose identity is `identityID`; `nil` when that identity is not one.
    func operatorRecord(identityID: String) async throws -> OperatorRecord?
    /// How many operators there are.
    func operatorCount() async throws -> Int
}
