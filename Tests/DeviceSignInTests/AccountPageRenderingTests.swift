import Foundation
import Testing
@testable import IdentityServerCore
@testable import DeviceSignIn

/// The account page: what people and administrators named (a display name, a device, an
/// application) is shown as text; a fresh sign-in goes on only to a step of the page itself.
@Suite struct AccountPageRenderingTests {
    @Test func namesAreShownAsText() throws {
        let planted = #"<img src=x onerror="alert(1)">"#
        let credential = AccountOverview.Credential(
            id: "crd_1", name: planted, provider: planted, created: "2026-12-07 10:00 UTC", lastUsed: "never", current: true)
        let page = try PageRenderer<SignInPageTemplate>().html(.account, AccountPage(
            assets: "/v1/assets", realm: planted, page: "/v1/tenants/t/realms/r/account",
            overview: AccountOverview(
                username: planted, displayName: planted, email: planted, passkeys: [credential], devices: [credential],
                sessions: [AccountOverview.Session(id: "ses_1", application: planted, started: "x", lastRefreshed: "never")])))
        #expect(!page.contains("<img"))
        #expect(page.components(separatedBy: "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;").count - 1 == 9, "every name, escaped")
        #expect(page.contains(#"<a class="revoke" href="/v1/tenants/t/realms/r/account/credentials/crd_1/revoke">Revoke…</a>"#))
        #expect(page.contains(#"<form method="post" action="/v1/tenants/t/realms/r/account/sessions/ses_1/end" class="inline">"#))
    }

    @Test(arguments: [
        ("credentials/crd_1/revoke", "credentials/crd_1/revoke"), ("credentials/01a2-B_c/revoke", "credentials/01a2-B_c/revoke"),
        ("//evil.example/x", nil), ("credentials//revoke", nil), ("credentials/a/b/revoke", nil), ("credentials/a%2F/revoke", nil),
        ("sessions/x/end", nil), ("https://evil.example", nil), ("", nil), ("credentials/ä/revoke", nil),
    ] as [(String, String?)])
    func aFreshSignInGoesOnOnlyToAStepOfThePage(next: String, followed: String?) {
        #expect(AccountController.followable(next) == followed)
    }
}
