public import Foundation

/// A value a ``DirectoryCondition`` compares with.
public enum DirectoryValue: Sendable, Equatable {
    case text(String)
    case date(Date)
    case bool(Bool)
}
