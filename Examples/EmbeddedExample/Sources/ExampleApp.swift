import SwiftUI

/// The example app: one screen that does what the seed's sample did.
@main
struct ExampleApp: App {
    @StateObject private var model = ExampleModel()

    var body: some Scene {
        WindowGroup {
            // Universal links (registration redirects, invoke URLs) arrive here once the app has the
            // Associated Domains capability (add it in Xcode's Signing & Capabilities); until then, paste the link.
            ContentView(model: model).onOpenURL { url in model.open(url) }
        }
    }
}
