import Foundation
import HTTPTypes
import Testing
@testable import IdentityServerCore
@testable import DeviceSignIn

/// The hosted sign-in pages' templates, under the console's rules: all compile, none writes a
/// value unescaped, no inline style, and script only from the server's own file.
@Suite struct SignInPageTemplateTests {
    @Test func everyTemplateCompiles() throws {
        _ = try PageRenderer<SignInPageTemplate>()
    }

    @Test(arguments: SignInPageTemplate.allCases)
    func noTemplateWritesAValueUnescaped(template: SignInPageTemplate) {
        #expect(!template.source.contains("{{{"), "\(template)")
        #expect(!template.source.contains("{{&"), "\(template)")
        #expect(!template.source.contains("style="), "\(template): no inline style under the CSP")
        #expect(!template.source.replacingOccurrences(of: #"<script src="{{assets}}/sign-in.js" defer></script>"#, with: "")
            .contains("<script"), "\(template): script only from sign-in.js")
    }

    /// The application's name and the identity that approved are an administrator's and a
    /// user's words: shown as text, in the heading and the button alike.
    @Test func namesAreEscaped() throws {
        let page = try PageRenderer<SignInPageTemplate>().html(.confirm, ContinuePage(
            assets: "/v1/assets", application: #"<img src=x onerror="alert(1)">"#, page: "/v1/sign-ins/x",
            identity: #"Mallory" autofocus onfocus="alert(1)"#))
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"))
        #expect(page.contains("Continue as Mallory&quot; autofocus onfocus=&quot;alert(1)"))
    }

    /// The page's policy allows forms to the client's origin only when it is one.
    @Test func theFormTargetCannotEndTheDirective() {
        let allowed = SignInPageController.securityHeaders(formTarget: "https://shop.example:8443")
        #expect(allowed.first { $0.name.rawName == "Content-Security-Policy" }?.value.contains("form-action 'self' https://shop.example:8443;") == true)
        let hostile = SignInPageController.securityHeaders(formTarget: "https://x; script-src *")
        #expect(hostile.first { $0.name.rawName == "Content-Security-Policy" }?.value.contains("form-action 'self';") == true)
    }
}
