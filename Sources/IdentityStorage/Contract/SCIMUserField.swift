/// What a condition on SCIM users can compare: the identity's own columns and the directory's
/// `externalId` (the other attributes a directory sends are kept as a document, not searched).
public enum SCIMUserField: Sendable, Equatable {
    case id, userName, displayName, email, externalID, created, lastModified
    /// Whether the identity is active (not suspended): compared with a ``DirectoryValue/bool(_:)``.
    case active
}
