import Foundation

/// One page of an admin list; pass `next_cursor` as `cursor` for the next (and, where a list
/// can go back, `previous_cursor` for the one before).
public struct AdminPage<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var items: [Item]
    public var nextCursor: String?
    /// The cursor of the page before, in lists that can go back (identities); absent on the first.
    public var previousCursor: String?
    /// How many items the whole list holds, in lists that count them (identities).
    public var total: Int?

    /// Creates a page.
    public init(items: [Item], nextCursor: String?, previousCursor: String? = nil, total: Int? = nil) {
        self.items = items
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
        self.total = total
    }

    enum CodingKeys: String, CodingKey {
        case items, total
        case nextCursor = "next_cursor"
        case previousCursor = "previous_cursor"
    }
}
