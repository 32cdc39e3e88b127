import Foundation

/// Which page of a list to read.
public struct PageRequest: Sendable, Equatable {
    /// At most this many items (1…1000).
    public var size: Int
    /// The `nextCursor` of the previous page; `nil` for the first.
    public var cursor: String?

    /// Creates a page request; `size` is clamped to 1…1000.
    public init(size: Int = 100, cursor: String? = nil) {
        self.size = min(max(size, 1), 1000)
        self.cursor = cursor
    }
}
