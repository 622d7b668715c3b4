#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns byte ranges into `String`s, building each distinct string once: repeated names (processes) then cost
/// a hash and a compare instead of an allocation, and equal names share storage. Bounded: when `capacity`
/// distinct strings are held it starts afresh, so an endless stream of new names cannot grow it.
struct StringInterner: Sendable {
    private let capacity: Int
    private var slots: [(hash: UInt64, string: String)?]
    private var count = 0

    /// An interner that keeps nothing: every call builds its string (for one-off parses).
    static var uncached: StringInterner { StringInterner(capacity: 0) }

    init(capacity: Int) {
        self.capacity = capacity
        guard capacity > 0 else {
            slots = []
            return
        }
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: nil, count: size)
    }

    /// The string of `b[range]` (which the caller validated as UTF-8).
    mutating func intern(_ b: Bytes, _ range: Range<Int>) -> String {
        guard capacity > 0 else { return b.string(range) }
        let hash = Self.hash(b, range)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let entry = slots[slot] {
            if entry.hash == hash, Self.equal(entry.string, b, range) { return entry.string }
            slot = (slot + 1) & mask
        }
        let string = b.string(range)
        if count == capacity {
            slots = Array(repeating: nil, count: slots.count)
            count = 0
            slot = Int(truncatingIfNeeded: hash) & mask
        }
        slots[slot] = (hash, string)
        count += 1
        return string
    }

    private static func hash(_ b: Bytes, _ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for i in range { hash = (hash ^ UInt64(b[i])) &* 1_099_511_628_211 }
        return hash
    }

    private static func equal(_ string: String, _ b: Bytes, _ range: Range<Int>) -> Bool {
        var copy = string
        return copy.withUTF8 { utf8 in
            utf8.count == range.count && (range.isEmpty || memcmp(utf8.baseAddress!, b.baseAddress! + range.lowerBound, range.count) == 0)
        }
    }
}
