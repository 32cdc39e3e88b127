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
        let scripts = [#"<script src="{{assets}}/sign-in.js" defer></script>"#, #"<script src="{{assets}}/passkey.js" defer></script>"#,
                       #"{{#offerPasskey}}<script src="{{assets}}/passkey.js" defer></script>{{/offerPasskey}}"#]
        #expect(!scripts.reduce(template.source) { $0.replacingOccurrences(of: $1, with: "") }.contains("<script"),
            "\(template): script only from sign-in.js and passkey.js")
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

    /// The passkey page shows the identity's name as text and holds the link's token in an
    /// attribute it cannot leave.
    @Test func thePasskeyPageEscapesNamesAndToken() throws {
        let page = try PageRenderer<SignInPageTemplate>().html(.passkeyRegistration, PasskeyRegistrationPage(
            assets: "/v1/assets", realm: "<b>Realm</b>", identity: #"Mallory" autofocus onfocus="alert(1)"#,
            app: "https://app.example/register?token=a&b=c", token: #"t" onclick="alert(1)"#,
            options: "/v1/passkeys/registration/options", register: "/v1/passkeys/registration"))
        #expect(!page.contains("<b>Realm</b>") && page.contains("&lt;b&gt;Realm&lt;/b&gt;"))
        #expect(page.contains("Mallory&quot; autofocus onfocus=&quot;alert(1)"))
        #expect(page.contains(#"data-token="t&quot; onclick=&quot;alert(1)""#))
        #expect(page.contains(#"href="https://app.example/register?token=a&amp;b=c""#))
    }

    /// The page's policy allows forms to the client's origin only when it is one.
    @Test func theFormTargetCannotEndTheDirective() {
        let allowed = SignInPageController.securityHeaders(formTarget: "https://shop.example:8443")
        #expect(allowed.first { $0.name.rawName == "Content-Security-Policy" }?.value.contains("form-action 'self' https://shop.example:8443;") == true)
        let hostile = SignInPageController.securityHeaders(formTarget: "https://x; script-src *")
        #expect(hostile.first { $0.name.rawName == "Content-Security-Policy" }?.value.contains("form-action 'self';") == true)
    }
}
