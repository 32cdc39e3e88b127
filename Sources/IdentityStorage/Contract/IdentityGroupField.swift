/// What a condition on groups can compare.
public enum IdentityGroupField: Sendable, Equatable {
    case id, displayName, externalID, created, lastModified
    /// A member's identity id (`members.value`): compared by `eq` and `ne` only.
    case member
}
