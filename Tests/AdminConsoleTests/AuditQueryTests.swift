import Foundation
import IdentityStorage
import Testing

import IdentityServerCore
import AdminConsole

/// The audit page's filter form: times as a `datetime-local` input sends them, in UTC; every
/// unreadable field named with what was typed kept; links that keep the filters.
@Suite struct AuditQueryTests {
    private static func utc(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test func timesAreReadAsUTCAndADateAloneCoversItsDay() {
        #expect(ConsoleDateInput.parse("2026-11-25T13:45") == Self.utc("2026-11-25T13:45:00Z"))
        #expect(ConsoleDateInput.parse("2026-11-25T13:45:30") == Self.utc("2026-11-25T13:45:30Z"))
        #expect(ConsoleDateInput.parse("2026-11-25T13:45:30.250") == Self.utc("2026-11-25T13:45:30Z").addingTimeInterval(0.25))
        #expect(ConsoleDateInput.parse("2026-11-25 13:45") == Self.utc("2026-11-25T13:45:00Z"))
        #expect(ConsoleDateInput.parse("2026-11-25") == Self.utc("2026-11-25T00:00:00Z"))
        #expect(ConsoleDateInput.parse("2026-11-25", endOfDay: true) == Self.utc("2026-11-26T00:00:00Z"))
        #expect(ConsoleDateInput.parse("2026-11-25T13:45", endOfDay: true) == Self.utc("2026-11-25T13:45:00Z"))
        for bad in ["", "yesterday", "2026-02-30", "2026-13-01", "2026-11-25T24:00", "2026-11-25T13:60", "25/11/2026", "2026-11-25T13:45Z"] {
            #expect(ConsoleDateInput.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func theFilterIsReadFromTheFieldsAndLinksKeepThem() throws {
        let query = AuditQuery(try FormParameters(
            "type=authentication.&subject=+idn_1+&actor=tok_a&from=2026-11-25T10:00&until=2026-11-25&page_size=2&cursor=abc"))
        #expect(query.errors.isEmpty)
        #expect(query.filter == AuditEventFilter(
            type: "authentication.", subjectID: "idn_1", adminTokenID: "tok_a", from: Self.utc("2026-11-25T10:00:00Z"),
            until: Self.utc("2026-11-26T00:00:00Z")))
        #expect(query.page.size == 2 && query.page.cursor == "abc")
        #expect(query.kept == "type=authentication.&subject=%20idn_1%20&actor=tok_a&from=2026-11-25T10%3A00&until=2026-11-25&page_size=2&")
        #expect(query.filtered)
        let none = AuditQuery(try FormParameters("type=&from="))
        #expect(none.errors.isEmpty && !none.filtered && none.kept.isEmpty && none.page.size == AuditQuery.defaultPageSize)
    }

    @Test func everyUnreadableFieldHasItsErrorAndWhatWasTypedIsKept() throws {
        let query = AuditQuery(try FormParameters("type=admin.&from=yesterday&until=2026-02-30&page_size=0"))
        #expect(Set(query.errors.keys) == ["from", "until", "page_size"])
        #expect(query.errors["from"]?.hasPrefix("'from' must be a date and time in UTC") == true)
        #expect(query.values["from"] == "yesterday" && query.values["type"] == "admin.")
        let reversed = AuditQuery(try FormParameters("from=2026-11-25T10:00&until=2026-11-25T09:00"))
        #expect(reversed.errors == ["until": "'until' must be later than 'from'"])
        let repeated = AuditQuery(try FormParameters("actor=a&actor=b"))
        #expect(repeated.errors == ["actor": "'actor' must be given once"])
    }
}
