// Stand-in for LocalAuthentication: exactly the declarations the SDK's Apple-only files use,
// with Apple's documented signatures, so those files type-check on Linux. Nothing here runs.
@_exported import Foundation

/// https://developer.apple.com/documentation/foundation/nserrorpointer —
/// `typealias NSErrorPointer = AutoreleasingUnsafeMutablePointer<NSError?>?` (Objective-C
/// only; an unsafe pointer here, which a `nil` argument satisfies alike)
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?

/// https://developer.apple.com/documentation/localauthentication/lacontext — `class LAContext : NSObject`
open class LAContext: NSObject {
    /// `init()`
    public override init() {}
    /// https://developer.apple.com/documentation/localauthentication/lacontext/localizedreason — `var localizedReason: String`
    open var localizedReason: String = ""
    /// https://developer.apple.com/documentation/localauthentication/lacontext/interactionnotallowed — `var interactionNotAllowed: Bool`
    open var interactionNotAllowed: Bool = false
    /// https://developer.apple.com/documentation/localauthentication/lacontext/localizedfallbacktitle — `var localizedFallbackTitle: String?`
    open var localizedFallbackTitle: String?
    /// https://developer.apple.com/documentation/localauthentication/lacontext/domainstate
    /// `var domainState: LADomainState { get }` (iOS 18, macOS 15)
    open var domainState: LADomainState { LADomainState() }
    /// https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype — `var biometryType: LABiometryType { get }`
    open var biometryType: LABiometryType { .none }
    /// https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    /// `func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool`
    open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool { false }
    /// https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)
    /// async form: `func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool`
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool { false }
}

/// https://developer.apple.com/documentation/localauthentication/lapolicy — `enum LAPolicy : Int, @unchecked Sendable`
public enum LAPolicy: Int, @unchecked Sendable {
    /// `case deviceOwnerAuthenticationWithBiometrics = 1`
    case deviceOwnerAuthenticationWithBiometrics = 1
    /// `case deviceOwnerAuthentication = 2`
    case deviceOwnerAuthentication = 2
}

/// https://developer.apple.com/documentation/localauthentication/labiometrytype — `enum LABiometryType : Int, @unchecked Sendable`
public enum LABiometryType: Int, @unchecked Sendable {
    /// `case none = 0`
    case none = 0
    /// `case touchID = 1`
    case touchID = 1
    /// `case faceID = 2`
    case faceID = 2
    /// `case opticID = 4`
    case opticID = 4
}

/// https://developer.apple.com/documentation/localauthentication/laerror — `struct LAError`
/// (a `CustomNSError`: `errorCode: Int` is `code.rawValue`).
public struct LAError: Error {
    /// https://developer.apple.com/documentation/localauthentication/labiometrytype — `enum LABiometryType : Int, @unchecked Sendable`
public enum LABiometryType: Int, @unchecked Sendable {
    /// `case none = 0`
    case none = 0
    /// `case touchID = 1`
    case touchID = 1
    /// `case faceID = 2`
    case faceID = 2
    /// `case opticID = 4`
    case opticID = 4
}

/// https://developer.apple.com/documentation/localauthentication/laerror/code — `enum Code : Int`
    public enum Code: Int, Sendable {
        case authenticationFailed = -1
        case userCancel = -2
    }
    /// `var code: LAError.Code { get }`
    public let code: Code
    /// `var errorCode: Int { get }` (CustomNSError)
    public var errorCode: Int { code.rawValue }
}

/// https://developer.apple.com/documentation/localauthentication/ladomainstate — `class LADomainState : NSObject`
open class LADomainState: NSObject {
    /// https://developer.apple.com/documentation/localauthentication/ladomainstate/biometry — `var biometry: LADomainStateBiometry { get }`
    open var biometry: LADomainStateBiometry { LADomainStateBiometry() }
}

/// https://developer.apple.com/documentation/localauthentication/ladomainstatebiometry — `class LADomainStateBiometry : NSObject`
open class LADomainStateBiometry: NSObject {
    /// https://developer.apple.com/documentation/localauthentication/ladomainstatebiometry/statehash — `var stateHash: Data? { get }`
    open var stateHash: Data? { nil }
}
