import Foundation
package import IdentityStorage
package import IdentityServerCore

/// The audit page's filter form, sent by `GET` so that a filtered list is a link and the back
/// button works: what was typed, the filter and page it asks for, or each field's error in
/// words.
package struct AuditQuery: Sendable {
    /// The form's fields, in the order links carry them.
    package static let fields = ["type", "subject", "actor", "from", "until"]
    /// Events listed per page unless `page_size` says otherwise.
    package static let defaultPageSize = 50

    /// Each field as typed (shown again as it was, errors or not).
    package let values: [String: String]
    /// The error of each field that cannot be read, by field name; empty when all can.
    package let errors: [String: String]
    package let filter: AuditEventFilter
    package let page: PageRequest
    /// The query string that keeps the filters and page size in a link (`type=admin.&`):
    /// empty, or ending in `&`.
    package let kept: String

    /// Reads the query's parameters.
    package init(_ query: FormParameters) {
        var values: [String: String] = [:]
        var errors: [String: String] = [:]
        func text(_ field: String) -> String? {
            do {
                values[field] = try query.single(field)
                let trimmed = values[field]?.trimmingCharacters(in: .whitespaces) ?? ""
                guard trimmed.count <= 200 else {
                    errors[field] = "'\(field)' must be at most 200 characters"
                    return nil
                }
                return trimmed.isEmpty ? nil : trimmed
            } catch {
                errors[field] = "'\(field)' must be given once"
                return nil
            }
        }
        func time(_ field: String, endOfDay: Bool) -> Date? {
            guard let typed = text(field) else { return nil }
            guard let date = ConsoleDateInput.parse(typed, endOfDay: endOfDay) else {
                errors[field] = "'\(field)' must be a date and time in UTC, such as 2026-11-25T13:45, or a date, such as 2026-11-25"
                return nil
            }
            return date
        }
        let filter = AuditEventFilter(
            type: text("type"), subjectID: text("subject"), adminTokenID: text("actor"),
            from: time("from", endOfDay: false), until: time("until", endOfDay: true))
        if let from = filter.from, let until = filter.until, until <= from {
            errors["until"] = "'until' must be later than 'from'"
        }
        let size = text("page_size").map { Int($0) ?? 0 }
        if let size, !(1...1000).contains(size) { errors["page_size"] = "'page_size' must be 1–1000" }
        self.values = values
        self.errors = errors
        self.filter = filter
        self.page = PageRequest(size: size ?? Self.defaultPageSize, cursor: text("cursor"))
        self.kept = Self.queryString(values)
    }

    /// The query string of a link that keeps the filters and page size but for `field`, which
    /// it sets to `value`.
    package func kept(setting field: String, to value: String) -> String {
        var values = values
        values[field] = value
        return Self.queryString(values)
    }

    /// The fields and page size of `values` that are not empty, as a query string ending in `&`.
    private static func queryString(_ values: [String: String]) -> String {
        (fields + ["page_size"]).compactMap { field in
            values[field].flatMap { $0.isEmpty ? nil : "\(field)=\(ConsolePaths.query($0))&" }
        }.joined()
    }

    /// Whether any filter applies.
    package var filtered: Bool {
        filter != AuditEventFilter()
    }
}
