/// A hash for tables keyed by names (`IntMap` buckets): FNV-1a over the UTF-8 bytes, a few instructions a byte,
/// where `Hasher` (SipHash, over normalised scalars) costs about a thousand for a class name. Never negative, so
/// never `Int.min`, which `IntMap` cannot hold. Not for tables fed by untrusted keys in bulk: anyone can collide it.
protocol QuickHashable: Equatable {
    var quickHash: Int { get }
}

enum QuickHash {
    static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

    /// `hash` with `string`'s bytes mixed in.
    static func mixing(_ string: String, into hash: UInt64) -> UInt64 {
        var hash = hash, string = string
        string.withUTF8 { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 } }
        return (hash ^ 0xFF) &* 0x100_0000_01B3  // a separator: ("ab", "c") and ("a", "bc") differ
    }

    static func mixing(_ value: Int64, into hash: UInt64) -> UInt64 {
        (hash ^ UInt64(bitPattern: value)) &* 0x100_0000_01B3
    }

    static func finished(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 1) }
}

extension String: QuickHashable {
    var quickHash: Int { QuickHash.finished(QuickHash.mixing(self, into: QuickHash.seed)) }
}

/// Distinct values numbered from 0 in order of first sight, both ways.
struct Numbering<Value: QuickHashable & Sendable>: Sendable {
    private(set) var values: [Value] = []
    /// By each value's `quickHash`: the id of the first value with that hash. A `Dictionary` would hash a class name
    /// with SipHash at each look-up (instances compacted and restored, per-class rule scopes).
    private var firstIDs = IntMap<UInt32>()
    /// The ids of later values with a hash already taken (rare), kept apart so that a look-up copies no array.
    private var laterIDs = IntMap<[UInt32]>()

    mutating func id(_ value: Value) -> UInt32 {
        let hash = value.quickHash
        if let id = existingID(value, hash: hash) { return id }
        let id = UInt32(values.count)
        values.append(value)
        if firstIDs.keepingFirst(id, for: hash) != nil {
            var sharing = laterIDs.removeValue(forKey: hash) ?? []
            sharing.append(id)
            laterIDs.insert(sharing, for: hash)
        }
        return id
    }

    func existingID(_ value: Value) -> UInt32? { existingID(value, hash: value.quickHash) }

    private func existingID(_ value: Value, hash: Int) -> UInt32? {
        guard let first = firstIDs[hash] else { return nil }
        if values[Int(first)] == value { return first }
        return laterIDs.isEmpty ? nil : laterIDs[hash]?.first { values[Int($0)] == value }
    }

    subscript(id: UInt32) -> Value { values[Int(id)] }

    var count: Int { values.count }
}
