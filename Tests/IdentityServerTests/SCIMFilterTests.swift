@testable import IdentityServer
import Foundation
import Testing

/// The SCIM filter parser and its evaluation (RFC 7644 §3.4.2.2).
@Suite struct SCIMFilterTests {
    private let ada: [String: Any] = [
        "userName": "ada", "externalId": "e-1", "active": true,
        "emails": [["value": "ada@example.com", "type": "work", "primary": true], ["value": "ada@home.example", "type": "home"]],
        "name": ["givenName": "Ada", "familyName": "Lovelace"],
        "meta": ["lastModified": "2026-11-25T10:00:00.000Z"],
    ]

    @Test func andBindsTighterThanOr() throws {
        let filter = try SCIMFilter(parsing: #"userName eq "a" or userName eq "b" and active eq false"#)
        #expect(filter == .or(
            .compare(path: "userName", op: .eq, value: .string("a")),
            .and(.compare(path: "userName", op: .eq, value: .string("b")), .compare(path: "active", op: .eq, value: .bool(false)))))
        let grouped = try SCIMFilter(parsing: #"(userName eq "a" or userName eq "b") and active eq false"#)
        #expect(grouped == .and(
            .or(.compare(path: "userName", op: .eq, value: .string("a")), .compare(path: "userName", op: .eq, value: .string("b"))),
            .compare(path: "active", op: .eq, value: .bool(false))))
        // ada is active: "x or (ada and inactive)" is false, "(x or ada) and active" true.
        #expect(try !SCIMFilter(parsing: #"userName eq "x" or userName eq "ada" and active eq false"#).matches(ada))
        #expect(try SCIMFilter(parsing: #"(userName eq "x" or userName eq "ada") and active eq true"#).matches(ada))
        #expect(try SCIMFilter(parsing: #"userName eq "ada" or userName eq "x" and active eq false"#).matches(ada))
    }

    @Test func quotedStringsKeepTheirSpacesKeywordsAndEscapes() throws {
        #expect(try SCIMFilter(parsing: #"userName eq "a or b""#) == .compare(path: "userName", op: .eq, value: .string("a or b")))
        #expect(try SCIMFilter(parsing: #"userName eq "say \"hi\"""#) == .compare(path: "userName", op: .eq, value: .string(#"say "hi""#)))
        #expect(try SCIMFilter(parsing: #"displayName eq "(x)""#) == .compare(path: "displayName", op: .eq, value: .string("(x)")))
    }

    @Test func operatorsOnTheAttributesDirectoriesFilterBy() throws {
        let cases: [(String, Bool)] = [
            (#"userName eq "ADA""#, true), (#"userName ne "ada""#, false), (#"userName co "d""#, true),
            (#"userName sw "ad""#, true), (#"userName sw "da""#, false), (#"userName ew "da""#, true),
            (#"externalId eq "e-1""#, true), (#"externalId pr"#, true), (#"title pr"#, false),
            (#"emails.value eq "ada@home.example""#, true), (#"emails[type eq "work" and value co "example.com"]"#, true),
            (#"emails[type eq "other"]"#, false), ("active eq true", true), ("active eq false", false),
            (#"meta.lastModified gt "2026-11-25T09:00:00Z""#, true), (#"meta.lastModified gt "2026-11-25T11:00:00.000Z""#, false),
            (#"name.familyName eq "Lovelace""#, true), (#"not (userName eq "ada")"#, false),
            (#"urn:ietf:params:scim:schemas:core:2.0:User:userName eq "ada""#, true), (#"USERNAME EQ "ada""#, true),
        ]
        for (text, expected) in cases {
            #expect(try SCIMFilter(parsing: text).matches(ada) == expected, "\(text)")
        }
    }

    @Test(arguments: [
        #"userName is "ada""#, #"userName eq"#, #"userName eq ada"#, #"userName eq "ada"#, #"(userName eq "ada""#,
        #"userName eq "ada" and"#, #"userName eq "ada" xor active eq true"#, "", #"eq "ada""#, #"emails[type eq "work""#,
        #"not userName eq "ada""#, #"user..name eq "x""#,
    ]) func malformedFiltersAreInvalidFilter(text: String) {
        #expect(throws: SCIMError.invalidFilter("")) { try SCIMFilter(parsing: text) }
    }
}
