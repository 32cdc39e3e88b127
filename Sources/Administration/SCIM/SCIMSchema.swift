import Foundation
import FoundationEssentials
import IdentityServerCore

/// A resource schema (RFC 7643 §7): its URN, and the attributes the service keeps.
package struct SCIMSchema: Sendable {
    package let id: String
    package let name: String
    package let description: String
    package let attributes: [SCIMAttribute]

    /// Attributes every resource has (RFC 7643 §3.1); `id` and `meta` are the service's.
    package static let common = ["id", "externalId", "meta", "schemas"]

    /// Whether `name` (a top-level attribute, any case) is one this resource has.
    package func knows(_ name: String) -> Bool {
        (attributes.map(\.name) + Self.common).contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The canonical spelling of a known attribute name.
    package func canonical(_ name: String) -> String {
        (attributes.map(\.name) + Self.common).first { $0.caseInsensitiveCompare(name) == .orderedSame } ?? name
    }
}
