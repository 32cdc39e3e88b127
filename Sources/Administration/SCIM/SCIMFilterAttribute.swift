import IdentityStorage
import IdentityServerCore

/// An attribute a list can be filtered by: the store's field for it and what it compares with.
package struct SCIMFilterAttribute<Field: Sendable & Equatable> {
    package let field: Field
    package let kind: Kind

    package enum Kind {
        /// A string, compared case-insensitively by any operator.
        case text
        /// A date (`"2026-12-06T12:00:00Z"`), compared by order.
        case date
        /// `true` or `false`, by `eq` and `ne`.
        case bool
        /// An id, by `eq`, `ne` and `pr` (`members.value`).
        case reference
    }
}
