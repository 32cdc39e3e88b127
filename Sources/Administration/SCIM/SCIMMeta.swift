package import Foundation
import HTTPTypes
import IdentityServerCore

/// A resource's `meta` (RFC 7643 §3.1) and its version as an ETag (RFC 7644 §3.14): weak,
/// `W/"<n>"`, `n` counting the changes made through the service.
package enum SCIMMeta {
    /// `meta` of a resource.
    package static func make(
        _ resourceType: SCIMResourceType, id: String, created: Date, lastModified: Date, version: Int64, base: String
    ) -> [String: Any] {
        ["resourceType": resourceType.name, "created": timestamp(created), "lastModified": timestamp(lastModified),
         "version": etag(version), "location": "\(base)\(resourceType.endpoint)/\(id)"]
    }

    /// The ETag of a version.
    package static func etag(_ version: Int64) -> String { "W/\"\(version)\"" }

    /// `If-Match` (RFC 7644 §3.14, RFC 9110 §13.1.1): `*` or a list of ETags, one of them the
    /// resource's; `412` otherwise.
    package static func check(_ ifMatch: String?, version: Int64) throws {
        guard let ifMatch else { return }
        let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let current = etag(version)
        guard tags.contains("*") || tags.contains(where: { $0 == current || "W/\($0)" == current }) else {
            throw SCIMError(.preconditionFailed, nil, "the resource has changed: its version is \(current)")
        }
    }

    /// An RFC 3339 date with milliseconds, as `meta` and filters on it read.
    package static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
