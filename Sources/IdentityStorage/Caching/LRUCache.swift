/// A map of at most ``capacity`` entries that, when full, forgets the entry least recently read
/// or written. Every operation is O(1): a dictionary finds an entry's slot, and the slots form
/// a doubly linked list in recency order (swift-collections has no such cache; its
/// `OrderedDictionary` moves an entry in O(n)).
package struct LRUCache<Key: Hashable, Value> {
    /// Entries kept at most (at least one).
    package let capacity: Int
    private var slots: [Slot] = []
    private var index: [Key: Int] = [:]
    /// The most and least recently used slots.
    private var newest: Int?
    private var oldest: Int?

    private struct Slot {
        var key: Key
        var value: Value
        var newer: Int?
        var older: Int?
    }

    /// An empty cache for `capacity` entries.
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many entries it holds.
    package var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used entry.
    package mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return slots[slot].value
    }

    /// The value for `key`, leaving the order of use as it is.
    package func peek(_ key: Key) -> Value? {
        index[key].map { slots[$0].value }
    }

    /// Keeps `value` for `key` as the most recently used entry, forgetting the least recently
    /// used one if the cache is full; returns the entry forgotten, if any.
    @discardableResult
    package mutating func set(_ value: Value, for key: Key) -> (key: Key, value: Value)? {
        if let slot = index[key] {
            slots[slot].value = value
            moveToFront(slot)
            return nil
        }
        let slot: Int
        var evicted: (key: Key, value: Value)?
        if index.count < capacity {
            slot = slots.count
            slots.append(Slot(key: key, value: value))
        } else {
            // Full: the oldest slot is reused for the new entry.
            slot = oldest!
            unlink(slot)
            evicted = (slots[slot].key, slots[slot].value)
            index[slots[slot].key] = nil
            slots[slot] = Slot(key: key, value: value)
        }
        index[key] = slot
        linkAtFront(slot)
        return evicted
    }

    /// Forgets `key`.
    package mutating func remove(_ key: Key) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        // Keep the slots dense: the last one moves into the freed place.
        let last = slots.count - 1
        if slot != last {
            let moved = slots[last]
            slots[slot] = moved
            index[moved.key] = slot
            if let newer = moved.newer { slots[newer].older = slot } else { newest = slot }
            if let older = moved.older { slots[older].newer = slot } else { oldest = slot }
        }
        slots.removeLast()
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        linkAtFront(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if let newer { slots[newer].older = older } else { newest = older }
        if let older { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = nil
        slots[slot].older = nil
    }

    private mutating func linkAtFront(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = nil
        if let newest { slots[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}
