public import Foundation

/// Credential extension's sessions and their change notifications. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol ExtensionSessionStore: Sendable {
    /// Throws ``StorageError/alreadyExists`` when the code hash is taken (draw another code).
    func createExtensionSession(_ session: ExtensionSessionRecord) async throws
    func extensionSession(id: String) async throws -> ExtensionSessionRecord?
    /// The credential's sessions that are open or claimed.
    func liveExtensionSessions(credentialID: String) async throws -> [ExtensionSessionRecord]
    /// The session whose current code hash matches, in any state.
    func extensionSession(codeHash: Data) async throws -> ExtensionSessionRecord?
    /// Replaces the session if its stored version is still `expectedVersion`, and inserts
    /// `credential` in the same transaction. Throws ``StorageError/notFound`` (writing nothing)
    /// when the session is missing or another writer moved its version first;
    /// ``StorageError/alreadyExists`` when the new code hash is taken.
    func updateExtensionSession(
        _ session: ExtensionSessionRecord, expectedVersion: Int64, inserting credential: CredentialRecord?
    ) async throws
    /// Records that the holder is still there, without changing the version.
    func touchExtensionSession(id: String, at: Date) async throws
    /// The ids of sessions that any server sharing this database updates, as the updates
    /// commit, from when this returns (PostgreSQL `LISTEN`/`NOTIFY`). Best effort: ids may be
    /// lost while the listening connection reconnects. SQLite: an empty stream, as one server
    /// uses a file.
    func extensionSessionChanges() async -> AsyncStream<String>
}
