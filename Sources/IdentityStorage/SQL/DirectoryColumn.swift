import Foundation
import SQLKit

/// How a field of a ``DirectoryCondition`` reads in SQL, and so how it compares.
enum DirectoryColumn {
    /// Text, compared case-insensitively (`lower` of both sides; `co`, `sw`, `ew` as `LIKE`).
    case text(String)
    /// A time in milliseconds since 1970, compared with a ``DirectoryValue/date(_:)``.
    case milliseconds(String)
    /// An identity's status column: `true` is `active`.
    case activeStatus(String)
    /// The members of the group whose id the column holds: an identity id that is one, not deleted.
    case members(ofGroup: String)

    /// A condition that holds for no row, and one that holds for every row.
    static let never: SQLQueryString = "(1 = 0)"
    static let always: SQLQueryString = "(1 = 1)"

    /// `field op value` as an SQL boolean that is never NULL.
    func compare(_ op: DirectoryComparison, _ value: DirectoryValue) -> SQLQueryString {
        switch (self, value) {
        case let (.text(column), .text(text)):
            let folded = text.lowercased()
            switch op {
            case .eq, .ne:
                // `lower` folds ASCII only on SQLite: the value as sent matches exactly there too.
                let equal: SQLQueryString = "(lower(\(unsafeRaw: column)) = \(bind: folded) OR \(unsafeRaw: column) = \(bind: text))"
                return op == .eq ? "(\(unsafeRaw: column) IS NOT NULL AND \(equal))" : "(\(unsafeRaw: column) IS NULL OR NOT \(equal))"
            case .co, .sw, .ew:
                let (foldedPattern, pattern) = (Self.pattern(folded, op), Self.pattern(text, op))
                return """
                    (\(unsafeRaw: column) IS NOT NULL AND (lower(\(unsafeRaw: column)) LIKE \(bind: foldedPattern) ESCAPE '\\' \
                    OR \(unsafeRaw: column) LIKE \(bind: pattern) ESCAPE '\\'))
                    """
            case .gt, .ge, .lt, .le:
                return "(\(unsafeRaw: column) IS NOT NULL AND lower(\(unsafeRaw: column)) \(unsafeRaw: Self.symbol(op)) \(bind: folded))"
            }
        case let (.milliseconds(column), .date(date)):
            guard ![.co, .sw, .ew].contains(op) else { return Self.never }
            return "(\(unsafeRaw: column) \(unsafeRaw: Self.symbol(op)) \(bind: date.milliseconds))"
        case let (.activeStatus(column), .bool(active)):
            guard op == .eq || op == .ne else { return Self.never }
            let equal = (op == .eq) == active
            return "(\(unsafeRaw: column) \(unsafeRaw: equal ? "=" : "<>") \(bind: IdentityRecord.Status.active.rawValue))"
        case let (.members(group), .text(identityID)):
            guard op == .eq || op == .ne else { return Self.never }
            return "(\(unsafeRaw: op == .eq ? "" : "NOT ")\(Self.member(of: group, "AND m.identity_id = \(bind: identityID)")))"
        default:
            return Self.never
        }
    }

    /// `field pr`: the field has a value (text neither NULL nor empty; a group has a member).
    var present: SQLQueryString {
        switch self {
        case let .text(column): "(\(unsafeRaw: column) IS NOT NULL AND \(unsafeRaw: column) <> '')"
        case .milliseconds, .activeStatus: Self.always
        case let .members(group): "(\(Self.member(of: group, "")))"
        }
    }

    /// `text` as a `LIKE` pattern for `co`, `sw` or `ew`, its `\\`, `%` and `_` taken literally.
    private static func pattern(_ text: String, _ op: DirectoryComparison) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return op == .sw ? escaped + "%" : op == .ew ? "%" + escaped : "%" + escaped + "%"
    }

    private static func member(of group: String, _ condition: SQLQueryString) -> SQLQueryString {
        """
        EXISTS (SELECT 1 FROM identity_group_members m JOIN identities mi ON mi.id = m.identity_id
        WHERE m.group_id = \(unsafeRaw: group) AND mi.status <> \(bind: IdentityRecord.Status.deleted.rawValue) \(condition))
        """
    }

    private static func symbol(_ op: DirectoryComparison) -> String {
        switch op {
        case .eq: "="
        case .ne: "<>"
        case .gt: ">"
        case .ge: ">="
        case .lt: "<"
        case .le: "<="
        case .co, .sw, .ew: "LIKE"
        }
    }
}

extension DirectoryCondition {
    /// The condition as an SQL boolean that is never NULL, each field read as `column` says.
    func sql(_ column: (Field) -> DirectoryColumn) -> SQLQueryString {
        switch self {
        case let .compare(field, op, value): column(field).compare(op, value)
        case let .present(field): column(field).present
        case let .and(left, right): "(\(left.sql(column)) AND \(right.sql(column)))"
        case let .or(left, right): "(\(left.sql(column)) OR \(right.sql(column)))"
        case let .not(inner): "(NOT \(inner.sql(column)))"
        }
    }
}
