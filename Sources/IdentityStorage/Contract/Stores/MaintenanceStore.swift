public import Foundation

/// The master key's check value, sealed secrets, and whether storage answers and can be written. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol MaintenanceStore: Sendable {
    /// The check value of the master key the database's secrets are sealed under, if recorded.
    func masterKeyCheck() async throws -> Data?
    /// Records `check` unless a check value is recorded already; returns the recorded value
    /// (`check`, or the one another server recorded first).
    func recordMasterKeyCheck(_ check: Data, at: Date) async throws -> Data
    /// The secrets sealed under the master key, up to `limit` of them (all of them with `nil`).
    func sealedSecrets(limit: Int?) async throws -> [SealedSecret]
    /// In one transaction, with writers of secrets held off: re-seals every secret with
    /// `reseal` and replaces the check value `current` with `new`. Throws
    /// ``StorageError/notFound`` (and changes nothing) unless `current` is the recorded value.
    /// Returns how many secrets were re-sealed.
    func resealSecrets(
        replacingCheck current: Data, with new: Data, at: Date, _ reseal: @escaping @Sendable (SealedSecret) throws -> Data
    ) async throws -> Int

    /// Throws ``StorageError/unavailable`` unless the database answers now.
    func ping() async throws
    /// Throws ``StorageError/unavailable`` unless the database takes writes (not a read-only
    /// file, mount or replica): a server must not start healthy but unable to sign anyone in.
    func checkWritable() async throws
}
