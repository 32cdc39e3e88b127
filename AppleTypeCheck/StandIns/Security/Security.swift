// Stand-in for Security.framework: exactly the declarations the SDK's Apple-only files use,
// with Apple's documented signatures, so those files type-check on Linux. Nothing here runs.
// Core Foundation types are the Foundation classes they are toll-free bridged to
// (https://developer.apple.com/documentation/corefoundation/cfstring: "toll-free bridged with
// its Cocoa Foundation counterpart, NSString"), so the same bridging casts type-check.
@_exported import Foundation

/// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString
/// https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary
/// https://developer.apple.com/documentation/corefoundation/cftyperef — `typealias CFTypeRef = AnyObject`
public typealias CFTypeRef = AnyObject
/// https://developer.apple.com/documentation/corefoundation/cfallocator
public final class CFAllocator {}
/// https://developer.apple.com/documentation/corefoundation/cferror
public final class CFError {}
/// https://developer.apple.com/documentation/kernel/osstatus — `typealias OSStatus = Int32`
public typealias OSStatus = Int32

/// https://developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData

/// https://developer.apple.com/documentation/security/secaccesscontrol
public final class SecAccessControl {}

// Used by swift-certificates (`Certificate.init(_: SecCertificate)`), which compiles them
// wherever `canImport(Security)` holds, as on Apple platforms.
/// https://developer.apple.com/documentation/security/seccertificate
public final class SecCertificate {}
/// https://developer.apple.com/documentation/security/1396080-seccertificatecopydata
/// `func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData`
public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData { NSData() }
/// https://developer.apple.com/documentation/security/1396073-seccertificatecreatewithdata
/// `func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate?`
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? { nil }

/// https://developer.apple.com/documentation/security/secaccesscontrolcreateflags
/// `struct SecAccessControlCreateFlags : OptionSet, Sendable`
public struct SecAccessControlCreateFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// `static var userPresence: SecAccessControlCreateFlags` (SecAccessControl.h: 1 << 0)
    public static let userPresence = Self(rawValue: 1 << 0)
    /// `static var biometryCurrentSet: SecAccessControlCreateFlags` (1 << 3)
    public static let biometryCurrentSet = Self(rawValue: 1 << 3)
    /// `static var privateKeyUsage: SecAccessControlCreateFlags` (1 << 30)
    public static let privateKeyUsage = Self(rawValue: 1 << 30)
}

/// https://developer.apple.com/documentation/security/1394452-secaccesscontrolcreatewithflags
/// `func SecAccessControlCreateWithFlags(_ allocator: CFAllocator?, _ protection: CFTypeRef,
///  _ flags: SecAccessControlCreateFlags, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> SecAccessControl?`
public func SecAccessControlCreateWithFlags(
    _ allocator: CFAllocator?, _ protection: CFTypeRef, _ flags: SecAccessControlCreateFlags,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? { nil }

/// https://developer.apple.com/documentation/security/1401659-secitemadd
/// `func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { errSecUnimplemented }
/// https://developer.apple.com/documentation/security/1398306-secitemcopymatching
/// `func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { errSecUnimplemented }
/// https://developer.apple.com/documentation/security/1393617-secitemupdate
/// `func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus`
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { errSecUnimplemented }
/// https://developer.apple.com/documentation/security/1395547-secitemdelete
/// `func SecItemDelete(_ query: CFDictionary) -> OSStatus`
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { errSecUnimplemented }

/// https://developer.apple.com/documentation/security/errsecsuccess — `var errSecSuccess: OSStatus { get }`
public var errSecSuccess: OSStatus { 0 }
/// https://developer.apple.com/documentation/security/errsecitemnotfound
public var errSecItemNotFound: OSStatus { -25300 }
/// https://developer.apple.com/documentation/security/errsecunimplemented
public var errSecUnimplemented: OSStatus { -4 }

// Item attribute keys and values: `let kSec…: CFString` (imported C constants; computed here,
// read-only like them, since a Swift global `let` of a non-Sendable type would not compile)
// (https://developer.apple.com/documentation/security/keychain_services/keychain_items/item_attribute_keys_and_values).
/// https://developer.apple.com/documentation/security/ksecclass
public var kSecClass: CFString { "class" }
/// https://developer.apple.com/documentation/security/ksecclassgenericpassword
public var kSecClassGenericPassword: CFString { "genp" }
/// https://developer.apple.com/documentation/security/ksecattrservice
public var kSecAttrService: CFString { "svce" }
/// https://developer.apple.com/documentation/security/ksecattraccount
public var kSecAttrAccount: CFString { "acct" }
/// https://developer.apple.com/documentation/security/ksecattrsynchronizable
public var kSecAttrSynchronizable: CFString { "sync" }
/// https://developer.apple.com/documentation/security/ksecattraccessible
public var kSecAttrAccessible: CFString { "pdmn" }
/// https://developer.apple.com/documentation/security/ksecattraccessiblewhenunlockedthisdeviceonly
public var kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString { "aku" }
/// https://developer.apple.com/documentation/security/ksecattraccesscontrol
public var kSecAttrAccessControl: CFString { "accc" }
/// https://developer.apple.com/documentation/security/ksecvaluedata
public var kSecValueData: CFString { "v_Data" }
/// https://developer.apple.com/documentation/security/ksecreturndata
public var kSecReturnData: CFString { "r_Data" }
/// https://developer.apple.com/documentation/security/ksecreturnattributes
public var kSecReturnAttributes: CFString { "r_Attributes" }
/// https://developer.apple.com/documentation/security/ksecmatchlimit
public var kSecMatchLimit: CFString { "m_Limit" }
/// https://developer.apple.com/documentation/security/ksecmatchlimitone
public var kSecMatchLimitOne: CFString { "m_LimitOne" }
/// https://developer.apple.com/documentation/security/ksecmatchlimitall
public var kSecMatchLimitAll: CFString { "m_LimitAll" }
/// https://developer.apple.com/documentation/security/ksecuseauthenticationcontext
public var kSecUseAuthenticationContext: CFString { "u_AuthCtx" }
/// https://developer.apple.com/documentation/security/ksecusedataprotectionkeychain (iOS 13, macOS 10.15)
public var kSecUseDataProtectionKeychain: CFString { "nleg" }
