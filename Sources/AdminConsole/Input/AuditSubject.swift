package import IdentityStorage

/// What the audit filter's subject field names, once looked up: an id as typed, or a username
/// read as the identity it names.
package enum AuditSubject: Sendable {
    /// An id (of an identity, or of anything else an event is about), used as typed.
    case id(String)
    /// The one identity with this username.
    case identity(IdentityRecord)
    /// Identities of several realms with this username (at most ``AuditSubject/choices``): the
    /// person picks one.
    case several([IdentityRecord])

    /// The most identities of one username offered to choose from.
    package static let choices = 10

    /// Reads `typed`: an identity's id stays an id; otherwise a username of identities visible
    /// to the admin (of `tenantID`, when the admin is scoped to one) names them; anything else
    /// stays an id.
    package static func resolve(_ typed: String, tenantID: String?, in store: some ConsoleQueryStore & IdentityRecordStore)
        async throws -> AuditSubject
    {
        if try await store.identity(id: typed) != nil { return .id(typed) }
        let named = try await store.identities(username: typed, tenantID: tenantID, limit: choices)
        switch named.count {
        case 0: return .id(typed)
        case 1: return .identity(named[0])
        default: return .several(named)
        }
    }

    /// The id the events are filtered by; `nil` while the person has to choose.
    package var filterID: String? {
        switch self {
        case .id(let id): id
        case .identity(let identity): identity.id
        case .several: nil
        }
    }
}
