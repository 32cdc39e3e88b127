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
                username: planted, displayName: planted, email: planted, emailChangeable: true, pendingEmail: planted,
                pendingUntil: "2026-12-08 10:00 UTC", passkeys: [credential], devices: [credential],
                sessions: [AccountOverview.Session(
                    id: "ses_1", application: planted, started: "x", lastRefreshed: "never", signedInWith: planted,
                    lastSeenFrom: planted)])))
        #expect(!page.contains("<img"))
        #expect(page.components(separatedBy: "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;").count - 1 == 12, "every name, escaped")
        #expect(page.contains(#"id="pending-email""#) && page.contains(#"id="change-email""#))
        #expect(page.contains(#"<a class="revoke" href="/v1/tenants/t/realms/r/account/credentials/crd_1/revoke">Revoke…</a>"#))
        #expect(page.contains(#"<form method="post" action="/v1/tenants/t/realms/r/account/sessions/ses_1/end" class="inline">"#))
    }

    /// The email form names the current address and what was typed as text; an identity a
    /// directory provisions is told so instead of a form; without a fresh sign-in the form waits.
    @Test func theEmailPageShowsTheFormOnlyWhenTheAddressIsThePersonsToChange() throws {
        let planted = #""><script>alert(1)</script>"#
        func page(changeable: Bool, fresh: Bool) throws -> String {
            try PageRenderer<SignInPageTemplate>().html(.accountEmail, AccountEmailPage(
                assets: "/v1/assets", realm: "Staff", page: "/account", current: planted, changeable: changeable, fresh: fresh,
                action: "/account/email", email: planted, error: "'email' must be one plain address", options: "/account/passkey/options",
                signIn: "/account/passkey?next=email", appSignIn: "/account/sign-in/app?next=email"))
        }
        let form = try page(changeable: true, fresh: true)
        #expect(!form.contains("<script>") && form.contains(#"value="&quot;&gt;&lt;script&gt;"#))
        #expect(form.contains(#"aria-invalid="true" aria-describedby="email-error""#) && !form.contains("passkey.js"))
        let stale = try page(changeable: true, fresh: false)
        #expect(stale.contains(#"id="proof-needed""#) && stale.contains(#"data-sign-in="/account/passkey?next=email""#))
        #expect(!stale.contains(#"id="send-link""#) && stale.contains("passkey.js"))
        let managed = try page(changeable: false, fresh: true)
        #expect(managed.contains(#"id="directory-managed""#) && !managed.contains("<form"))
    }

    @Test(arguments: [
        ("credentials/crd_1/revoke", "credentials/crd_1/revoke"), ("credentials/01a2-B_c/revoke", "credentials/01a2-B_c/revoke"),
        ("//evil.example/x", nil), ("credentials//revoke", nil), ("credentials/a/b/revoke", nil), ("credentials/a%2F/revoke", nil),
        ("sessions/x/end", nil), ("https://evil.example", nil), ("", nil), ("credentials/ä/revoke", nil), ("email", "email"),
        ("email/confirm", nil), ("emails", nil),
    ] as [(String, String?)])
    func aFreshSignInGoesOnOnlyToAStepOfThePage(next: String, followed: String?) {
        #expect(AccountController.followable(next) == followed)
    }
}

/// What the sessions list says of the agent their tokens were last asked from.
@Suite struct UserAgentSummaryTests {
    @Test(arguments: [
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on Linux"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1", "Safari on iOS"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "Edge on Windows"),
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on macOS"),
        ("curl/8.5.0", "curl/8.5.0"), ("Shop/2.1 CFNetwork/1568 Darwin/24.1.0", "Shop/2.1"),
        (String(repeating: "x", count: 100), String(repeating: "x", count: 59) + "…"),
    ] as [(String, String)])
    func anAgentIsSummarisedAsAPersonRecognisesIt(agent: String, summary: String) {
        #expect(UserAgentSummary.text(agent) == summary)
    }
}
