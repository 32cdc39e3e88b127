import Foundation

/// The Keychain as ``SecureEnclaveKeyStore`` uses it: generic-password items of two kinds, each
/// named by an account. The Apple store implements it with `SecItem*`; tests with a dictionary.
protocol KeychainItems: Sendable {
    /// Adds an item; fails if one with that kind and account exists. `protected` items can be
    /// read only after the user passes `plan`'s access control.
    func add(_ data: Data, kind: KeychainItemKind, account: String, protectedBy plan: AccessControlPlan?) throws
    /// An item's data; `nil` when there is none. Reading a protected item shows `prompt`.
    func read(kind: KeychainItemKind, account: String, prompt: String) throws -> Data?
    /// Replaces an existing unprotected item's data.
    func update(_ data: Data, kind: KeychainItemKind, account: String) throws
    /// Removes an item; does nothing if there is none.
    func delete(kind: KeychainItemKind, account: String) throws
    /// The accounts of every item of `kind`, without reading protected data.
    func accounts(of kind: KeychainItemKind) throws -> [String]
}

/// The two kinds of items a credential is kept in.
enum KeychainItemKind: String, Sendable, CaseIterable {
    /// The private key: the Secure Enclave's opaque reference, or the software key itself.
    case key = "com.beyondidentity.embedded.key"
    /// The credential: metadata, certificate chain, and how its key is kept.
    case credential = "com.beyondidentity.embedded.credential"
}
