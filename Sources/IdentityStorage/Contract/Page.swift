import Foundation

/// One page of a list.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Pass to the next ``PageRequest``; `nil` on the last page.
    public var nextCursor: String?
    /// Pass to a ``PageRequest`` for the page before this one, where the listing can go back;
    /// `nil` on the first page.
    public var previousCursor: String?

    /// Creates a page.
    public init(items: [Item], nextCursor: String?, previousCursor: String? = nil) {
        self.items = items
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
    }
}

extension Page: Equatable where Item: Equatable {}
