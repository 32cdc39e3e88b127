import IdentityServerCore

/// What the page of an ended sign-in shows.
package struct EndedPage: Sendable {
    package let assets: String
    package let application: String
    package let reason: String
    package let heading: String
    package let message: String
    package let back: String?

    package init(assets: String, application: String, ending: CrossDeviceBrowserView.Ending, back: String?) {
        self.assets = assets
        self.application = application
        self.reason = ending.rawValue
        self.back = back
        switch ending {
        case .declined:
            heading = "Sign-in declined"
            message = "The sign-in was declined, on the device or here. Nobody was signed in."
        case .cancelled:
            heading = "Sign-in cancelled"
            message = "You cancelled this sign-in. Nobody was signed in. Return to \(application) to start again if you want to."
        case .expired:
            heading = "Sign-in expired"
            message = "Nobody approved this sign-in in time. Return to \(application) to start again."
        case .completed:
            heading = "Signed in"
            message = "This sign-in is complete. You can close this page."
        }
    }
}
