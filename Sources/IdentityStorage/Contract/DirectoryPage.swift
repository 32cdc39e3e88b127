/// One page of a filtered directory list, with how many items match in all.
public struct DirectoryPage<Item: Sendable>: Sendable {
    /// The page's items, in the list's order.
    public var items: [Item]
    /// How many items match the condition, on every page.
    public var total: Int

    /// Creates a page.
    public init(items: [Item], total: Int) {
        self.items = items
        self.total = total
    }
}
