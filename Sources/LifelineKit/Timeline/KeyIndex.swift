/// A map from instance keys to small integers (table slots), probed with a cheap multiplicative hash of the
/// pid and address instead of `Hasher`: the engine looks keys up several times per event, and SipHash was a
/// tenth of its time. Linear probing on stored hashes (keys are compared only when hashes agree); removal shifts
/// the probe chain back, so no tombstones accumulate.
struct KeyIndex {
    /// 0 marks an empty slot; stored hashes are never 0.
    private var hashes: [Int]
    private var keys: [InstanceKey?]
    private var values: [Int]
    private(set) var count = 0

    init() {
        hashes = Array(repeating: 0, count: 64)
        keys = Array(repeating: nil, count: 64)
        values = Array(repeating: 0, count: 64)
    }

    subscript(key: InstanceKey) -> Int? {
        get { find(key, Self.hash(key)).map { values[$0] } }
        set {
            if let newValue { insert(key, newValue) } else { remove(key) }
        }
    }

    mutating func removeAll() { self = KeyIndex() }

    /// The slot holding `key`, if any.
    private func find(_ key: InstanceKey, _ hash: Int) -> Int? {
        let mask = hashes.count - 1
        var slot = hash & mask
        while hashes[slot] != 0 {
            if hashes[slot] == hash, keys[slot] == key { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ key: InstanceKey, _ value: Int) {
        let hash = Self.hash(key)
        if let slot = find(key, hash) {
            values[slot] = value
            return
        }
        if (count + 1) * 4 > hashes.count * 3 { grow() }
        let mask = hashes.count - 1
        var slot = hash & mask
        while hashes[slot] != 0 { slot = (slot + 1) & mask }
        hashes[slot] = hash
        keys[slot] = key
        values[slot] = value
        count += 1
    }

    private mutating func remove(_ key: InstanceKey) {
        guard var hole = find(key, Self.hash(key)) else { return }
        let mask = hashes.count - 1
        hashes[hole] = 0
        keys[hole] = nil
        count -= 1
        // Move back every later entry of the chain that would no longer be reachable past the hole.
        var slot = (hole + 1) & mask
        while hashes[slot] != 0 {
            let home = hashes[slot] & mask
            if !Self.staysAfterRemoval(home: home, hole: hole, slot: slot) {
                hashes[hole] = hashes[slot]
                keys[hole] = keys[slot].take()
                values[hole] = values[slot]
                hashes[slot] = 0
                hole = slot
            }
            slot = (slot + 1) & mask
        }
    }

    /// Backward-shift deletion in linear probing: whether the entry in `slot`, whose probe starts at `home`, is
    /// still reachable once `hole` (before it in the chain) is emptied, i.e. `home` lies cyclically in (hole, slot].
    static func staysAfterRemoval(home: Int, hole: Int, slot: Int) -> Bool {
        hole <= slot ? (hole < home && home <= slot) : (hole < home || home <= slot)
    }

    private mutating func grow() {
        let old = hashes.indices.compactMap { hashes[$0] == 0 ? nil : (keys[$0]!, values[$0]) }
        let size = hashes.count * 2
        hashes = Array(repeating: 0, count: size)
        keys = Array(repeating: nil, count: size)
        values = Array(repeating: 0, count: size)
        count = 0
        for (key, value) in old { insert(key, value) }
    }

    /// The pid, the address (0 for a label) and the name's number. An address often comes back for another class
    /// once its first owner is gone: the name keeps most of those keys out of each other's probe chains.
    @inline(__always) private static func hash(_ key: InstanceKey) -> Int {
        var hash = UInt64(bitPattern: Int64(key.process.pid ?? -1)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= (key.ref.address ?? 0) ^ UInt64(key.ref.interned.number) << 44
        hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 32)) | 1
    }
}
