/// A condition on a realm's directory (its SCIM users or groups) that the store evaluates in its
/// query, so a list reads only the page it answers. `Field` names what can be compared
/// (``SCIMUserField``, ``IdentityGroupField``); a comparison whose value does not fit its field
/// (a date against a name, `co` on a date) matches nothing. A missing value matches no
/// comparison but `ne`, as RFC 7644 §3.4.2.2 has it.
public indirect enum DirectoryCondition<Field: Sendable & Equatable>: Sendable, Equatable {
    case compare(Field, DirectoryComparison, DirectoryValue)
    /// The field has a value (not null, not empty).
    case present(Field)
    case and(Self, Self)
    case or(Self, Self)
    case not(Self)
}
