// Stand-in for UIKit: the declarations the SDK's Apple-only files use, with Apple's
// documented signatures. Nothing here runs.
@_exported import CoreGraphics

/// https://developer.apple.com/documentation/uikit/uiresponder — `@MainActor class UIResponder : NSObject`
@MainActor open class UIResponder: NSObject {
    /// `var next: UIResponder? { get }`
    open var next: UIResponder? { nil }
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller — `@MainActor class UIViewController : UIResponder`
@MainActor open class UIViewController: UIResponder {
    /// `func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)`
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    /// `func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)`
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/ismodalinpresentation — `var isModalInPresentation: Bool`
    open var isModalInPresentation: Bool = false
}

/// https://developer.apple.com/documentation/uikit/uiview — `@MainActor class UIView : UIResponder`
@MainActor open class UIView: UIResponder {
    /// `init(frame: CGRect)`
    public init(frame: CGRect) {}
    /// `init?(coder: NSCoder)`
    public required init?(coder: NSCoder) {}
}

/// https://developer.apple.com/documentation/uikit/uiwindow — `@MainActor class UIWindow : UIView`
@MainActor open class UIWindow: UIView {
    /// `var rootViewController: UIViewController?`
    open var rootViewController: UIViewController?
}

/// https://developer.apple.com/documentation/uikit/uiaction — `@MainActor class UIAction : UIMenuElement`
@MainActor open class UIAction: NSObject {
    /// `convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
    ///  discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off,
    ///  handler: @escaping UIActionHandler)` — the parameters our code uses.
    public init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) {}
}

/// https://developer.apple.com/documentation/uikit/uiactionhandler — `typealias UIActionHandler = (UIAction) -> Void`
public typealias UIActionHandler = (UIAction) -> Void

/// https://developer.apple.com/documentation/uikit/uicontrol — `@MainActor class UIControl : UIView`
@MainActor open class UIControl: UIView {
    /// https://developer.apple.com/documentation/uikit/uicontrol/state — `struct State : OptionSet`
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `static var normal: UIControl.State`
        public static let normal = State([])
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/event — `struct Event : OptionSet`
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `static var touchUpInside: UIControl.Event`
        public static let touchUpInside = Event(rawValue: 1 << 6)
    }

    /// `func addAction(_ action: UIAction, for controlEvents: UIControl.Event)`
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

/// https://developer.apple.com/documentation/uikit/uibutton — `@MainActor class UIButton : UIControl`
@MainActor open class UIButton: UIControl {
    /// `func setTitle(_ title: String?, for state: UIControl.State)`
    open func setTitle(_ title: String?, for state: UIControl.State) {}
}

/// https://developer.apple.com/documentation/uikit/uiimage — `class UIImage : NSObject` (Sendable since iOS 17)
open class UIImage: NSObject, @unchecked Sendable {
    /// `init(cgImage: CGImage)`
    public init(cgImage: CGImage) {}
}

/// https://developer.apple.com/documentation/uikit/uitextcontenttype — `struct UITextContentType : Hashable, RawRepresentable`
public struct UITextContentType: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `static let oneTimeCode: UITextContentType`
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
}
