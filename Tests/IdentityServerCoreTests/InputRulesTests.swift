import Testing
import IdentityServerCore

/// Where the server may send a user (issue 14 #7: RFC 8252 §7, RFC 9700 §2.6), and the mail
/// addresses it sends to.
@Suite struct InputRulesTests {
    @Test(arguments: ["ada@example.com", "ada.lovelace+bi@mail.example.co.uk", "o'neil@example.ie", "ülrich@exämple.de"])
    func acceptsPlainMailAddresses(address: String) throws {
        #expect(try InputRules.email(address) == address)
    }

    /// Each would reach more than one mailbox, or another one, through some mail software.
    @Test(arguments: [
        "root,ada@example.com", "ada@example.com;eve@x.example", "eve%evil.example@example.com", "host!eve@example.com",
        "Ada <ada@example.com>", "\"a b\"@example.com", "ada(comment)@example.com", "ada@[127.0.0.1]", "a\\b@example.com",
        "ada@example.com\nBcc: eve@x.example", "ada@localhost", "@example.com", "ada@.example", "a@b@example.com",
    ])
    func refusesAddressesMailSoftwareReadsAsMore(address: String) {
        #expect(throws: ServerError.invalidRequest("")) { try InputRules.email(address) }
    }

    @Test(arguments: [
        "https://app.example/cb", "https://app.example:8443/cb?x=1", "http://127.0.0.1:53123/cb", "http://127.8.9.10/cb",
        "http://[::1]:8080/cb", "http://localhost:3000/cb", "com.example.app:/cb", "com.example.app://cb",
    ])
    func acceptsHTTPSLoopbackAndPrivateUseSchemes(uri: String) throws {
        #expect(try InputRules.redirectTarget(uri, field: "redirect_uris") == uri)
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript://app.example/%0aalert(1)", "data:text/html,<script>x</script>", "file:///etc/passwd",
        "http://app.example/cb", "http://127.0.0.1.evil.example/cb", "http://10.0.0.1/cb", "myapp://cb", "https:///cb",
        "https://app.example/cb#fragment", "relative/cb", "",
    ])
    func refusesEverythingElse(uri: String) {
        #expect(throws: ServerError.invalidRequest("")) { try InputRules.redirectTarget(uri, field: "redirect_uris") }
    }

    /// Names are shown on pages ("Continue as …") and in the console: text-direction controls
    /// (U+202E makes "Ada\u{202E}gnp.exe" read "Adaexe.png") are refused like other controls;
    /// the joiners that emoji and many scripts need are not.
    @Test(arguments: [
        "Ada\u{202E}gnp.exe", "\u{202D}x", "a\u{2066}b\u{2069}", "x\u{200F}", "x\u{200E}", "x\u{061C}", "tab\tbed", "a\u{200B}b",
        "x\u{E0041}", "\u{FEFF}x",
    ])
    func namesRefuseTextDirectionControls(name: String) {
        #expect(throws: ServerError.invalidRequest("")) { try InputRules.name(name, field: "display_name") }
    }

    @Test(arguments: ["a\u{202E}b@example.com", "a\u{200B}b@example.com", "ada@exa\u{2066}mple.com"])
    func addressesRefuseInvisibleCharacters(address: String) {
        #expect(throws: ServerError.invalidRequest("")) { try InputRules.email(address) }
    }

    @Test(arguments: ["Ada Lovelace", "👩‍💻 Ada", "می‌خواهم", "علی", "李雷"])
    func namesKeepTheJoinersScriptsNeed(name: String) throws {
        #expect(try InputRules.name(name, field: "display_name") == name)
    }
}
