#if canImport(UIKit) && canImport(SwiftUI)
public import BeyondIdentityEmbedded
public import Foundation
public import UIKit
import SwiftUI

// The seed's UIKit entry points: each presents a ``FlowView`` sheet from a view controller
// (or a window's root) and runs the flow on it; the optional `completion` reports how it ended.

/// Presents the button flow from `viewController`.
@MainActor
public func continueWithBeyondIdentity(
    for viewController: UIViewController, authFlow: AuthFlowType, config: BeyondIdentityConfig,
    completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    presentFlow(from: viewController, completion: completion) { model in
        await EmbeddedUI().continueWithBeyondIdentity(presenter: model, authFlow: authFlow, config: config)
    }
}

/// Presents the settings flow from `viewController`.
@MainActor
public func openBeyondIdentitySettings(
    with viewController: UIViewController, config: BeyondIdentityConfig,
    completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    presentFlow(from: viewController, completion: completion) { model in
        await EmbeddedUI().openSettings(presenter: model, config: config)
    }
}

/// Presents registration from the enrollment link `url`, then sign-in, over `window`'s root view controller.
@MainActor
public func registerCredentialAndLogin(
    window: UIWindow?, url: URL, config: RegisterConfig, completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    guard let root = window?.rootViewController else { return }
    presentFlow(from: root, completion: completion) { model in
        await EmbeddedUI().registerCredentialAndLogin(presenter: model, url: url, config: config)
    }
}

/// Presents approving a sign-in started in a browser on another device from `viewController`:
/// the sign-in URL `url`, or one the user pastes when `nil`.
@MainActor
public func approveSignInOnAnotherDevice(
    with viewController: UIViewController, url: URL? = nil, supportURL: URL,
    completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    presentFlow(from: viewController, completion: completion) { model in
        await EmbeddedUI().approveSignIn(presenter: model, url: url, supportURL: supportURL)
    }
}

@MainActor
private func presentFlow(
    from viewController: UIViewController, completion: (@MainActor @Sendable (FlowOutcome) -> Void)?,
    _ flow: @escaping @Sendable (ScreenModel) async -> FlowOutcome
) {
    let model = ScreenModel()
    let host = UIHostingController(rootView: FlowView(model: model))
    // No swipe-down: the flow ends through its own screens, so its completion always runs.
    host.isModalInPresentation = true
    model.onDismiss = { [weak host] in host?.dismiss(animated: true) }
    viewController.present(host, animated: true)
    Task {
        let outcome = await flow(model)
        completion?(outcome)
    }
}
#endif
