import Testing
@testable import IdentityServerCore
@testable import AdminConsole

/// The console's templates: all compile, and none uses Mustache's unescaped forms, so every
/// value a page shows is HTML-escaped.
@Suite struct ConsoleTemplateTests {
    @Test func everyTemplateCompiles() throws {
        _ = try ConsoleRenderer()
    }

    @Test(arguments: ConsoleTemplate.allCases)
    func noTemplateWritesAValueUnescaped(template: ConsoleTemplate) {
        #expect(!template.source.contains("{{{"), "\(template)")
        #expect(!template.source.contains("{{&"), "\(template)")
        #expect(!template.source.contains("style="), "\(template): no inline style under the CSP")
        #expect(!template.source.contains("<script"), "\(template): no script under the CSP")
    }

    @Test func aValueIsEscapedForTextAndAttributes() throws {
        let page = try ConsoleRenderer().html(.confirm, ConfirmPage(
            chrome: ConsoleChrome(root: "/console", session: nil), heading: #"<b>"x" & 'y'</b>"#, consequence: "", action: #"" onmouseover="x"#,
            button: "", cancel: ""))
        #expect(page.contains("<h1>&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;</h1>"))
        #expect(page.contains(#"action="&quot; onmouseover=&quot;x""#))
    }
}
