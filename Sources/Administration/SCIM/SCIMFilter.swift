package import Foundation
import IdentityServerCore

/// A SCIM filter (RFC 7644 §3.4.2.2), parsed: attribute expressions (`eq`, `ne`, `co`, `sw`,
/// `ew`, `gt`, `ge`, `lt`, `le`, `pr`) joined by `and` (which binds tighter) and `or`, negated by
/// `not (…)`, grouped by parentheses, and value paths (`emails[type eq "work"]`). Anything else
/// is ``SCIMError/invalidFilter(_:)``. Attribute names are case-insensitive; a schema URN
/// prefix (`urn:…:User:userName`) is dropped. A filter is bounded (``Limits``): its length, its
/// nesting and its number of comparisons, so no text can make the parser or an evaluation recurse
/// without end.
package indirect enum SCIMFilter: Equatable, Sendable {
    case compare(path: String, op: Operator, value: Value)
    case present(path: String)
    case and(SCIMFilter, SCIMFilter)
    case or(SCIMFilter, SCIMFilter)
    case not(SCIMFilter)
    /// `attribute[filter]`: some element of the multi-valued attribute matches `filter`.
    case valuePath(attribute: String, filter: SCIMFilter)

    package enum Operator: String, CaseIterable, Sendable { case eq, ne, co, sw, ew, gt, ge, lt, le }

    package enum Value: Equatable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// How large a filter may be. Directories send a comparison or two (`userName eq "…"`,
    /// `members[value eq "…"]`); these leave room for far more and keep every recursion short.
    package enum Limits {
        /// The longest filter, in UTF-8 bytes.
        package static let length = 4096
        /// The deepest nesting of parentheses, `not (…)` and `attribute[…]`.
        package static let depth = 16
        /// The most attribute expressions (`a eq "x"`, `a pr`) in one filter.
        package static let comparisons = 64
    }

    /// Parses `text`; ``SCIMError/invalidFilter(_:)`` on anything it does not understand or
    /// beyond the ``Limits``.
    package init(parsing text: String) throws {
        guard text.utf8.count <= Limits.length else {
            throw SCIMError.invalidFilter("a filter is at most \(Limits.length) bytes long")
        }
        var parser = Parser(tokens: try Self.tokens(text))
        self = try parser.filter()
        guard parser.atEnd else { throw SCIMError.invalidFilter("unexpected '\(parser.peek ?? "")' in the filter") }
    }

    /// Whether `resource` (a SCIM resource as JSON) matches.
    package func matches(_ resource: [String: Any]) -> Bool {
        switch self {
        case let .and(left, right): return left.matches(resource) && right.matches(resource)
        case let .or(left, right): return left.matches(resource) || right.matches(resource)
        case let .not(inner): return !inner.matches(resource)
        case let .present(path):
            return Self.values(at: path, in: resource).contains { value in
                !(value is NSNull) && (value as? String)?.isEmpty != true && (value as? [Any])?.isEmpty != true
            }
        case let .compare(path, op, value):
            let found = Self.values(at: path, in: resource)
            if op == .ne { return !found.contains { Self.compare($0, .eq, value) } }
            return found.contains { Self.compare($0, op, value) }
        case let .valuePath(attribute, filter):
            return Self.elements(of: attribute, in: resource).contains { filter.matches($0) }
        }
    }

    // MARK: Evaluation

    /// The values at `path` (`a` or `a.b`), through multi-valued attributes.
    package static func values(at path: String, in resource: [String: Any]) -> [Any] {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = value(named: parts[0], in: resource) else { return [] }
        let elements = (first as? [Any]) ?? [first]
        guard parts.count == 2 else { return elements }
        return elements.compactMap { ($0 as? [String: Any]).flatMap { value(named: parts[1], in: $0) } }
    }

    /// The elements of a multi-valued attribute (a single complex value counts as one).
    package static func elements(of attribute: String, in resource: [String: Any]) -> [[String: Any]] {
        let found = value(named: attribute, in: resource)
        return (found as? [[String: Any]]) ?? (found as? [String: Any]).map { [$0] } ?? []
    }

    /// A member by name, case-insensitively.
    package static func value(named name: String, in object: [String: Any]) -> Any? {
        object[name] ?? object.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    private static func compare(_ found: Any, _ op: Operator, _ value: Value) -> Bool {
        switch value {
        case .null: return op == .eq && found is NSNull
        case let .bool(expected):
            guard let actual = found as? Bool, op == .eq else { return false }
            return actual == expected
        case let .number(expected):
            guard let actual = (found as? NSNumber)?.doubleValue else { return false }
            return ordered(actual, expected, op)
        case let .string(expected):
            guard let actual = found as? String else { return false }
            if let left = date(actual), let right = date(expected) { return ordered(left, right, op) }
            let (a, e) = (actual.lowercased(), expected.lowercased())
            switch op {
            case .co: return a.contains(e)
            case .sw: return a.hasPrefix(e)
            case .ew: return a.hasSuffix(e)
            default: return ordered(a, e, op)
            }
        }
    }

    private static func ordered<T: Comparable>(_ a: T, _ b: T, _ op: Operator) -> Bool {
        switch op {
        case .eq: a == b
        case .ne: a != b
        case .gt: a > b
        case .ge: a >= b
        case .lt: a < b
        case .le: a <= b
        case .co, .sw, .ew: false
        }
    }

    package static func date(_ text: String) -> Date? {
        guard text.count >= 20, text.dropFirst(4).first == "-" else { return nil }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    // MARK: Parsing

    private enum Token: Equatable {
        case word(String)
        case string(String)
        case open, close, openBracket, closeBracket
    }

    private static func tokens(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        var characters = Array(text)[...]
        while let character = characters.first {
            switch character {
            case " ", "\t", "\n": characters.removeFirst()
            case "(": tokens.append(.open); characters.removeFirst()
            case ")": tokens.append(.close); characters.removeFirst()
            case "[": tokens.append(.openBracket); characters.removeFirst()
            case "]": tokens.append(.closeBracket); characters.removeFirst()
            case "\"":
                characters.removeFirst()
                var string = ""
                var closed = false
                while let next = characters.popFirst() {
                    if next == "\\" {
                        guard let escaped = characters.popFirst() else { break }
                        switch escaped {
                        case "n": string.append("\n")
                        case "t": string.append("\t")
                        default: string.append(escaped)
                        }
                    } else if next == "\"" {
                        closed = true
                        break
                    } else {
                        string.append(next)
                    }
                }
                guard closed else { throw SCIMError.invalidFilter("a string in the filter is not closed") }
                tokens.append(.string(string))
            default:
                var word = ""
                while let next = characters.first, !" \t\n()[]\"".contains(next) { word.append(next); characters.removeFirst() }
                tokens.append(.word(word))
            }
        }
        return tokens
    }

    private struct Parser {
        var tokens: [Token]
        var position = 0
        /// How many groups (parentheses, `not`, value paths) enclose the current position.
        private var depth = 0
        private var comparisons = 0

        init(tokens: [Token]) { self.tokens = tokens }

        var atEnd: Bool { position == tokens.count }
        var peek: String? {
            guard position < tokens.count else { return nil }
            switch tokens[position] {
            case let .word(word): return word
            case let .string(string): return "\"\(string)\""
            case .open: return "("
            case .close: return ")"
            case .openBracket: return "["
            case .closeBracket: return "]"
            }
        }

        private func isKeyword(_ keyword: String) -> Bool {
            guard position < tokens.count, case let .word(word) = tokens[position] else { return false }
            return word.lowercased() == keyword
        }

        mutating func filter() throws -> SCIMFilter {
            var left = try conjunction()
            while isKeyword("or") {
                position += 1
                left = .or(left, try conjunction())
            }
            return left
        }

        private mutating func conjunction() throws -> SCIMFilter {
            var left = try unary()
            while isKeyword("and") {
                position += 1
                left = .and(left, try unary())
            }
            return left
        }

        private mutating func unary() throws -> SCIMFilter {
            if isKeyword("not") {
                position += 1
                guard position < tokens.count, tokens[position] == .open else {
                    throw SCIMError.invalidFilter("'not' must be followed by '('")
                }
                return .not(try nested { try $0.unary() })
            }
            if position < tokens.count, tokens[position] == .open {
                position += 1
                let inner = try nested { try $0.filter() }
                try expect(.close, "')'")
                return inner
            }
            return try attributeExpression()
        }

        private mutating func attributeExpression() throws -> SCIMFilter {
            guard position < tokens.count, case let .word(word) = tokens[position], !word.isEmpty else {
                throw SCIMError.invalidFilter(atEnd ? "the filter ends where an attribute was expected"
                    : "an attribute name was expected, not '\(peek ?? "")'")
            }
            position += 1
            comparisons += 1
            guard comparisons <= Limits.comparisons else {
                throw SCIMError.invalidFilter("a filter has at most \(Limits.comparisons) comparisons")
            }
            let path = try SCIMFilter.attributePath(word)
            if position < tokens.count, tokens[position] == .openBracket {
                position += 1
                let inner = try nested { try $0.filter() }
                try expect(.closeBracket, "']'")
                return .valuePath(attribute: path, filter: inner)
            }
            guard position < tokens.count, case let .word(operatorWord) = tokens[position] else {
                throw SCIMError.invalidFilter("an operator was expected after '\(word)'")
            }
            position += 1
            if operatorWord.lowercased() == "pr" { return .present(path: path) }
            guard let op = Operator(rawValue: operatorWord.lowercased()) else {
                throw SCIMError.invalidFilter("unknown operator '\(operatorWord)'")
            }
            guard position < tokens.count else { throw SCIMError.invalidFilter("a value was expected after '\(operatorWord)'") }
            let value: Value
            switch tokens[position] {
            case let .string(string): value = .string(string)
            case let .word(literal):
                switch literal.lowercased() {
                case "true": value = .bool(true)
                case "false": value = .bool(false)
                case "null": value = .null
                default:
                    guard let number = Double(literal) else {
                        throw SCIMError.invalidFilter("'\(literal)' is not a value: strings are quoted")
                    }
                    value = .number(number)
                }
            default: throw SCIMError.invalidFilter("a value was expected after '\(operatorWord)'")
            }
            position += 1
            return .compare(path: path, op: op, value: value)
        }

        /// `parse` one level deeper; ``SCIMError/invalidFilter(_:)`` past ``Limits/depth``.
        private mutating func nested(_ parse: (inout Parser) throws -> SCIMFilter) throws -> SCIMFilter {
            guard depth < Limits.depth else { throw SCIMError.invalidFilter("a filter nests at most \(Limits.depth) deep") }
            depth += 1
            defer { depth -= 1 }
            return try parse(&self)
        }

        private mutating func expect(_ token: Token, _ name: String) throws {
            guard position < tokens.count, tokens[position] == token else { throw SCIMError.invalidFilter("\(name) expected") }
            position += 1
        }
    }

    /// An attribute path without its schema URN: `userName`, `name.givenName`, `meta.lastModified`.
    package static func attributePath(_ word: String) throws -> String {
        var path = word
        if path.lowercased().hasPrefix("urn:") {
            guard let colon = path.lastIndex(of: ":") else { throw SCIMError.invalidFilter("'\(word)' is not an attribute") }
            path = String(path[path.index(after: colon)...])
        }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ part in part.first?.isLetter == true && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "$" } })
        else { throw SCIMError.invalidFilter("'\(word)' is not an attribute name") }
        return path
    }
}
