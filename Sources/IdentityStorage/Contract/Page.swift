import Foundation

/// One page of a list.
public struct Page<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Pass to the next ``PageRequest``; `nil` on the last page.
    public var nextCursor: String?

    /// Creates a page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

extension Page: Equatable where Item: Equatable {}
