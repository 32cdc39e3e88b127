#if canImport(CryptoKit) && canImport(Security) && canImport(LocalAuthentication)
import Foundation
import LocalAuthentication
import Security

/// ``KeychainItems`` over Security.framework: generic-password items in the data-protection
/// keychain, never synchronized, readable only while the device is unlocked.
struct SecurityKeychainItems: KeychainItems {
    func add(_ data: Data, kind: KeychainItemKind, account: String, protectedBy plan: AccessControlPlan?) throws {
        var attributes = Self.query(kind, account)
        attributes[kSecValueData as String] = data
        if let plan {
            attributes[kSecAttrAccessControl as String] = try AppleAccessControl.make(plan)
        } else {
            attributes[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        }
        try Self.check(SecItemAdd(attributes as CFDictionary, nil), "add")
    }

    func read(kind: KeychainItemKind, account: String, prompt: String) throws -> Data? {
        let context = LAContext()
        context.localizedReason = prompt
        var query = Self.query(kind, account)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        query[kSecUseAuthenticationContext as String] = context
        return try Self.copyMatching(query, "read") as? Data
    }

    func update(_ data: Data, kind: KeychainItemKind, account: String) throws {
        let changes: [String: Any] = [kSecValueData as String: data]
        try Self.check(SecItemUpdate(Self.query(kind, account) as CFDictionary, changes as CFDictionary), "update")
    }

    func delete(kind: KeychainItemKind, account: String) throws {
        let status = SecItemDelete(Self.query(kind, account) as CFDictionary)
        if status == errSecItemNotFound { return }
        try Self.check(status, "delete")
    }

    func accounts(of kind: KeychainItemKind) throws -> [String] {
        // Attributes only, and no prompt: listing must never ask the user.
        let context = LAContext()
        context.interactionNotAllowed = true
        var query = Self.query(kind, nil)
        query[kSecReturnAttributes as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitAll
        query[kSecUseAuthenticationContext as String] = context
        let items = try Self.copyMatching(query, "list") as? [[String: Any]] ?? []
        return items.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
    }

    /// The attributes naming the item (all items of `kind` when `account` is `nil`).
    private static func query(_ kind: KeychainItemKind, _ account: String?) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: kind.rawValue,
            kSecAttrSynchronizable as String: false,
            kSecUseDataProtectionKeychain as String: true,
        ]
        if let account { query[kSecAttrAccount as String] = account }
        return query
    }

    /// What `query` finds; `nil` when nothing matches.
    private static func copyMatching(_ query: [String: Any], _ operation: String) throws -> CFTypeRef? {
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        try check(status, operation)
        return result
    }

    private static func check(_ status: OSStatus, _ operation: String) throws {
        guard status == errSecSuccess else { throw KeychainStatus.error(status, operation: "Keychain \(operation)") }
    }
}
#endif
