/// An error of the storage contract. A struct over a private enum, so a new case never breaks
/// a caller's `switch`; compare with the static values.
public struct StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case notFound
        case alreadyExists
        case unsupportedDatabaseURL
        case invalidValue
        case unavailable
        case staleMasterKey
    }

    private let code: Code
    /// Detail for logs; not part of equality.
    public let detail: String

    private init(_ code: Code, _ detail: String = "") {
        self.code = code
        self.detail = detail
    }

    /// The row does not exist (or, for single-use rows, is no longer usable).
    public static let notFound = StorageError(.notFound)
    /// A unique key is taken.
    public static let alreadyExists = StorageError(.alreadyExists)
    /// A stored value is not one this version knows (a state written by a newer version).
    public static let invalidValue = StorageError(.invalidValue)
    /// The database cannot be reached, read or written (down, full, read-only): retry later.
    public static let unavailable = StorageError(.unavailable)
    /// A sealed secret was not written: the database's secrets are sealed under another master
    /// key than the one this process holds (another process rotated it since this one started).
    public static let staleMasterKey = StorageError(.staleMasterKey)
    /// The database URL names no engine we have.
    public static let unsupportedDatabaseURL = StorageError(.unsupportedDatabaseURL)

    /// The same error with detail for logs.
    public func with(detail: String) -> StorageError { StorageError(code, detail) }

    public static func == (lhs: StorageError, rhs: StorageError) -> Bool { lhs.code == rhs.code }

    public var description: String {
        let name = switch code {
        case .notFound: "not found"
        case .alreadyExists: "already exists"
        case .unsupportedDatabaseURL: "unsupported database URL"
        case .invalidValue: "invalid stored value"
        case .unavailable: "storage unavailable"
        case .staleMasterKey: "stale master key"
        }
        return detail.isEmpty ? name : "\(name): \(detail)"
    }
}
