/// A hash map from `Int` to `Value` for what rules keep per instance serial or per class number: looked up on
/// every event a rule judges, so its hash is one multiplication (Fibonacci hashing) where `Dictionary` runs
/// SipHash over every key.
///
/// Open addressing with linear probing; a removal shifts the entries after it back (no tombstones), so lookups
/// stay short however many keys come and go. The table doubles when three quarters full and never shrinks.
struct IntMap<Value> {
    /// `Int.min` marks an empty slot: no serial or class number is ever that.
    private static var empty: Int { Int.min }

    private var keys: [Int]
    private var values: [Value?]
    private var shift: Int
    private(set) var count = 0

    init() {
        keys = []
        values = []
        shift = 64
    }

    var isEmpty: Bool { count == 0 }

    /// The value for `key`; setting nil removes it.
    subscript(key: Int) -> Value? {
        get {
            guard let slot = find(key) else { return nil }
            return values[slot]
        }
        set {
            if let newValue { insert(newValue, for: key) } else { removeValue(forKey: key) }
        }
    }

    func contains(_ key: Int) -> Bool { find(key) != nil }

    /// Sets `key`'s value; returns the value it replaced.
    @discardableResult
    mutating func insert(_ value: consuming Value, for key: Int) -> Value? {
        let slot = slot(for: key)
        let old = values[slot].take()  // moved, as `value` is moved in: no copy, no retain
        if old == nil { add(key, at: slot) }
        values[slot] = consume value
        return old
    }

    /// The value `key` held; when it held none, it now holds `value` (made only then). One search either way: the
    /// first of several values for a key is the one kept (the earliest A of a rule).
    @discardableResult
    mutating func keepingFirst(_ value: @autoclosure () -> Value, for key: Int) -> Value? {
        let slot = slot(for: key)
        if let held = values[slot] { return held }
        add(key, at: slot)
        values[slot] = value()
        return nil
    }

    /// The slot holding `key`, or the empty one where it would go (the table grown first if a new key would fill it).
    private mutating func slot(for key: Int) -> Int {
        precondition(key != Self.empty, "IntMap cannot hold Int.min")
        if (count + 1) * 4 > keys.count * 3 { grow() }
        var slot = home(key)
        while keys[slot] != Self.empty, keys[slot] != key { slot = (slot + 1) & (keys.count - 1) }
        return slot
    }

    private mutating func add(_ key: Int, at slot: Int) {
        keys[slot] = key
        count += 1
    }

    /// Removes `key`; returns its value.
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        guard let found = find(key) else { return nil }
        let removed = values[found].take()  // moved out, as the entries below are moved: no copy, no release
        let mask = keys.count - 1
        // Backward-shift deletion: move each later entry of the run into the hole when its home allows it.
        var hole = found
        var next = (hole + 1) & mask
        while keys[next] != Self.empty {
            let wanted = home(keys[next])
            // The entry at `next` may move to `hole` unless its home lies cyclically in (hole, next].
            let stays = hole <= next ? (wanted > hole && wanted <= next) : (wanted > hole || wanted <= next)
            if !stays {
                keys[hole] = keys[next]
                values.swapAt(hole, next)
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = Self.empty
        count -= 1
        return removed
    }

    /// Empties the map, keeping its capacity.
    mutating func removeAll() {
        guard count > 0 else { return }
        for slot in keys.indices { keys[slot] = Self.empty }
        for slot in values.indices { values[slot] = nil }
        count = 0
    }

    private func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private func find(_ key: Int) -> Int? {
        guard count > 0 else { return nil }
        var slot = home(key)
        while keys[slot] != Self.empty {
            if keys[slot] == key { return slot }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = max(16, keys.count * 2)
        keys = Array(repeating: Self.empty, count: capacity)
        values = Array(repeating: nil, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        for slot in oldKeys.indices where oldKeys[slot] != Self.empty {
            insert(oldValues[slot]!, for: oldKeys[slot])
        }
    }
}

extension IntMap: Sendable where Value: Sendable {}
