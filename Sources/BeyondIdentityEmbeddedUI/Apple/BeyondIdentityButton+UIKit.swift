#if canImport(UIKit) && canImport(SwiftUI)
public import UIKit

/// The seed's one button: a `UIButton` that starts the button flow from the view controller
/// that shows it.
public final class BeyondIdentityButton: UIButton {
    private let authFlowType: AuthFlowType
    private let config: BeyondIdentityConfig

    /// A button.
    public init(authFlowType: AuthFlowType, config: BeyondIdentityConfig) {
        self.authFlowType = authFlowType
        self.config = config
        super.init(frame: .zero)
        setTitle("Continue with passwordless sign-in", for: .normal)
        addAction(UIAction { [unowned self] _ in pressed() }, for: .touchUpInside)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    private func pressed() {
        var responder: UIResponder? = self
        while let next = responder?.next, !(next is UIViewController) { responder = next }
        guard let viewController = responder?.next as? UIViewController else { return }
        continueWithBeyondIdentity(for: viewController, authFlow: authFlowType, config: config)
    }
}
#endif
