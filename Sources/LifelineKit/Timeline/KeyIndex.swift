/// A map from instance keys to small integers (table slots), probed with a cheap multiplicative hash of the
/// pid and address instead of `Hasher`: the engine looks a key up on every event, and SipHash was a tenth of
/// its time. Linear probing; removal shifts the probe chain back, so no tombstones accumulate.
struct KeyIndex {
    private var keys: [InstanceKey?]
    private var values: [Int]
    private(set) var count = 0

    init() {
        keys = Array(repeating: nil, count: 64)
        values = Array(repeating: 0, count: 64)
    }

    subscript(key: InstanceKey) -> Int? {
        get {
            let mask = keys.count - 1
            var slot = Self.hash(key) & mask
            while let stored = keys[slot] {
                if stored == key { return values[slot] }
                slot = (slot + 1) & mask
            }
            return nil
        }
        set {
            if let newValue { insert(key, newValue) } else { remove(key) }
        }
    }

    mutating func removeAll() { self = KeyIndex() }

    private mutating func insert(_ key: InstanceKey, _ value: Int) {
        if (count + 1) * 4 > keys.count * 3 { grow() }
        let mask = keys.count - 1
        var slot = Self.hash(key) & mask
        while let stored = keys[slot] {
            if stored == key {
                values[slot] = value
                return
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value
        count += 1
    }

    private mutating func remove(_ key: InstanceKey) {
        let mask = keys.count - 1
        var hole = Self.hash(key) & mask
        while let stored = keys[hole], stored != key { hole = (hole + 1) & mask }
        guard keys[hole] != nil else { return }
        keys[hole] = nil
        count -= 1
        // Move back every later entry of the chain that may no longer be reachable past the hole.
        var slot = (hole + 1) & mask
        while let stored = keys[slot] {
            let home = Self.hash(stored) & mask
            // The entry stays if its home lies cyclically in (hole, slot].
            let stays = hole <= slot ? (hole < home && home <= slot) : (hole < home || home <= slot)
            if !stays {
                keys[hole] = stored
                values[hole] = values[slot]
                keys[slot] = nil
                hole = slot
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let old = zip(keys, values).compactMap { key, value in key.map { ($0, value) } }
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        count = 0
        for (key, value) in old { insert(key, value) }
    }

    private static func hash(_ key: InstanceKey) -> Int {
        var hash = UInt64(bitPattern: Int64(key.process.pid ?? -1)) &* 0x9E37_79B9_7F4A_7C15
        if let address = key.ref.address {
            hash ^= address
        } else {
            for byte in key.ref.name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
