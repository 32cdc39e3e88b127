package import IdentityStorage
import IdentityServerCore

extension SCIMFilter {
    /// The filter as a condition the store evaluates in its query, each attribute path (lowercased,
    /// `a` or `a.b`; a value path's `emails[value eq "x"]` as `emails.value`) found in
    /// `attributes`. ``SCIMError/invalidFilter(_:)`` for an attribute lists are not filtered by,
    /// or a value that does not fit its attribute.
    package func condition<Field>(_ attributes: [String: SCIMFilterAttribute<Field>]) throws -> DirectoryCondition<Field> {
        try condition(attributes, under: nil)
    }

    private func condition<Field>(
        _ attributes: [String: SCIMFilterAttribute<Field>], under parent: String?
    ) throws -> DirectoryCondition<Field> {
        func attribute(_ path: String) throws -> SCIMFilterAttribute<Field> {
            let full = parent.map { "\($0).\(path)" } ?? path
            guard let attribute = attributes[full.lowercased()] else {
                let names = attributes.keys.sorted().joined(separator: ", ")
                throw SCIMError.invalidFilter("lists are not filtered by '\(full)': they are by \(names)")
            }
            return attribute
        }
        switch self {
        case let .and(left, right): return .and(try left.condition(attributes, under: parent), try right.condition(attributes, under: parent))
        case let .or(left, right): return .or(try left.condition(attributes, under: parent), try right.condition(attributes, under: parent))
        case let .not(inner): return .not(try inner.condition(attributes, under: parent))
        case let .valuePath(name, inner):
            guard parent == nil else { throw SCIMError.invalidFilter("value filters do not nest") }
            return try inner.condition(attributes, under: name)
        case let .present(path): return .present(try attribute(path).field)
        case let .compare(path, op, value):
            let attribute = try attribute(path)
            if value == .null {
                guard op == .eq || op == .ne else { throw SCIMError.invalidFilter("null is compared by 'eq' or 'ne' only") }
                return op == .eq ? .not(.present(attribute.field)) : .present(attribute.field)
            }
            guard let comparison = DirectoryComparison(rawValue: op.rawValue) else {
                throw SCIMError.invalidFilter("unknown operator '\(op.rawValue)'")
            }
            return .compare(attribute.field, comparison, try Self.value(value, of: attribute, path: path, op: op))
        }
    }

    /// `value` as what `attribute` compares with.
    private static func value<Field>(
        _ value: Value, of attribute: SCIMFilterAttribute<Field>, path: String, op: Operator
    ) throws -> DirectoryValue {
        switch (attribute.kind, value) {
        case let (.text, .string(text)): return .text(text)
        case let (.reference, .string(text)) where op == .eq || op == .ne: return .text(text)
        case (.reference, .string): throw SCIMError.invalidFilter("'\(path)' is compared by 'eq', 'ne' or 'pr' only")
        case let (.date, .string(text)):
            guard let date = date(text) else { throw SCIMError.invalidFilter("'\(path)' is compared with a date such as \"2026-01-31T12:00:00Z\"") }
            return .date(date)
        case let (.bool, .bool(flag)) where op == .eq || op == .ne: return .bool(flag)
        case (.bool, _): throw SCIMError.invalidFilter("'\(path)' is compared by 'eq' or 'ne' with true or false")
        default: throw SCIMError.invalidFilter("'\(path)' is compared with a string")
        }
    }
}
