/// The comparisons of a ``DirectoryCondition``: SCIM's filter operators but `pr`. Text compares
/// case-insensitively (the attributes compared are not case-exact).
public enum DirectoryComparison: String, Sendable, CaseIterable {
    case eq, ne, co, sw, ew, gt, ge, lt, le
}
