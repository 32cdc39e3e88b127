import IdentityStorage
import Foundation
import Testing
import IdentityServerCore
import Administration

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

/// A filter's size is bounded: its length, its nesting, its comparisons, each at the limit and one
/// past it (a PATCH path of 22,000 parentheses once overflowed the parser's stack and killed the
/// server).
@Suite struct SCIMFilterLimitTests {
    private static func nested(_ depth: Int) -> String {
        String(repeating: "(", count: depth) + #"a eq "b""# + String(repeating: ")", count: depth)
    }

    @Test func nestingIsBounded() throws {
        _ = try SCIMFilter(parsing: Self.nested(SCIMFilter.Limits.depth))
        #expect(throws: SCIMError.invalidFilter("")) { try SCIMFilter(parsing: Self.nested(SCIMFilter.Limits.depth + 1)) }
        let notChain = String(repeating: "not (", count: 9) + #"a pr"# + String(repeating: ")", count: 9)
        #expect(throws: SCIMError.invalidFilter("")) { try SCIMFilter(parsing: notChain) }  // `not (` is two levels
        let valuePaths = "emails[" + Self.nested(SCIMFilter.Limits.depth) + "]"
        #expect(throws: SCIMError.invalidFilter("")) { try SCIMFilter(parsing: valuePaths) }
        #expect(throws: SCIMError.invalidFilter("")) { try SCIMFilter(parsing: "nosuch[" + Self.nested(22_000) + "]") }
    }

    @Test func comparisonsAreBounded() throws {
        let terms = { (count: Int) in (0..<count).map { #"a\#($0) eq "x""# }.joined(separator: " or ") }
        let widest = try SCIMFilter(parsing: terms(SCIMFilter.Limits.comparisons))
        #expect(widest.matches(["a63": "x"]) && !widest.matches(["a64": "x"]))
        #expect(throws: SCIMError.invalidFilter("")) { try SCIMFilter(parsing: terms(SCIMFilter.Limits.comparisons + 1)) }
    }

    @Test func lengthIsBounded() throws {
        let longest = #"a eq ""# + String(repeating: "x", count: SCIMFilter.Limits.length - 7) + #"""#
        #expect(longest.utf8.count == SCIMFilter.Limits.length)
        _ = try SCIMFilter(parsing: longest)
        #expect(throws: SCIMError.invalidFilter("")) { try SCIMFilter(parsing: longest + " ") }
    }
}

/// Filters become conditions the store evaluates: each attribute lists can be filtered by, as
/// its field; any other, or a value that does not fit, is `invalidFilter` before the store is asked.
@Suite struct SCIMFilterConditionTests {
    private static func users(_ text: String) throws -> DirectoryCondition<SCIMUserField> {
        try SCIMFilter(parsing: text).condition(SCIMUserService.filterable)
    }

    @Test func attributesBecomeFields() throws {
        #expect(try Self.users(#"UserName eq "Ada""#) == .compare(.userName, .eq, .text("Ada")))
        #expect(try Self.users(#"emails[value co "@x"]"#) == .compare(.email, .co, .text("@x")))
        #expect(try Self.users(#"externalId eq null"#) == .not(.present(.externalID)))
        #expect(try Self.users(#"not (active eq false) and meta.created ge "2026-01-31T12:00:00Z""#) == .and(
            .not(.compare(.active, .eq, .bool(false))), .compare(.created, .ge, .date(Date(timeIntervalSince1970: 1_769_860_800)))))
        let members = try SCIMFilter(parsing: #"members[value eq "idn_1"]"#).condition(SCIMGroupService.filterable)
        #expect(members == .compare(.member, .eq, .text("idn_1")))
    }

    @Test(arguments: [
        #"title eq "x""#, #"name.givenName eq "x""#, #"emails[type eq "work"]"#, #"active eq "yes""#, #"active gt true"#,
        #"meta.created gt "yesterday""#, #"userName eq 3"#, #"userName gt null"#,
    ]) func whatTheStoreCannotAnswerIsInvalidFilter(text: String) {
        #expect(throws: SCIMError.invalidFilter("")) { try Self.users(text) }
    }

    @Test func membersCompareByEqualityOnly() {
        #expect(throws: SCIMError.invalidFilter("")) {
            try SCIMFilter(parsing: #"members.value co "idn""#).condition(SCIMGroupService.filterable)
        }
    }
}
