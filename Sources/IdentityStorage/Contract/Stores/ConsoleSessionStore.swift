public import Foundation

/// The console's sessions and the forms they sent. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol ConsoleSessionStore: Sendable {
    func createConsoleSession(_ session: ConsoleSessionRecord) async throws
    /// The session whose cookie secret has this hash, ended or not (the caller checks its times).
    func consoleSession(secretHash: Data) async throws -> ConsoleSessionRecord?
    /// Records a request in the session (its idle timeout starts again).
    func touchConsoleSession(id: String, at: Date) async throws
    /// Ends the session; nothing happens when there is none.
    func deleteConsoleSession(id: String) async throws
    /// Records that the session's form `formID` was sent, until `expiresAt`; `false` when it
    /// already was (a resubmission), across instances.
    func useConsoleForm(sessionID: String, formID: String, expiresAt: Date) async throws -> Bool
}
