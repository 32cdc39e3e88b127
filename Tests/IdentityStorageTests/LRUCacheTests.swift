import IdentityStorage
import Testing

/// The least-recently-used cache behind the per-realm key caches (issue 17).
@Suite struct LRUCacheTests {
    @Test func theLeastRecentlyUsedEntryGoesFirst() {
        var cache = LRUCache<String, Int>(capacity: 2)
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        #expect(cache.value(for: "a") == 1, "reading a makes b the oldest")
        cache.set(3, for: "c")
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3 && cache.count == 2)
        cache.set(4, for: "a")
        cache.set(5, for: "d")
        #expect(cache.value(for: "c") == nil, "writing a made c the oldest")
        #expect(cache.value(for: "a") == 4)
        cache.remove("a")
        #expect(cache.value(for: "a") == nil && cache.count == 1)
    }

    /// Thousands of random operations (a fixed seed per capacity: a failure replays) against a
    /// plain list kept in recency order.
    @Test(arguments: [1, 2, 3, 16])
    func behavesLikeARecencyOrderedList(capacity: Int) {
        var cache = LRUCache<Int, Int>(capacity: capacity)
        var model: [(key: Int, value: Int)] = []  // most recent last
        var random = SplitMix64(seed: UInt64(capacity))
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<(capacity * 3), using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let expected = model.firstIndex { $0.key == key }.map { model.remove(at: $0) }
                if let expected { model.append(expected) }
                #expect(cache.value(for: key) == expected?.value, "step \(step)")
            case 4..<8:
                let replaced = model.contains { $0.key == key }
                model.removeAll { $0.key == key }
                model.append((key, step))
                let evicted = !replaced && model.count > capacity ? model.removeFirst() : nil
                let forgotten = cache.set(step, for: key)
                #expect(forgotten?.key == evicted?.key && forgotten?.value == evicted?.value, "step \(step): what set forgot")
            case 8:
                model.removeAll { $0.key == key }
                cache.remove(key)
            case 9 where step.isMultiple(of: 2):
                // A peek must not count as a use: a reordering peek shows at the next eviction.
                #expect(cache.peek(key) == model.first { $0.key == key }?.value, "step \(step)")
            default:
                #expect(cache.count == model.count, "step \(step)")
            }
        }
        for entry in model.reversed() { #expect(cache.peek(entry.key) == entry.value) }
    }
}

/// A small seeded generator (SplitMix64), so random tests replay.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
