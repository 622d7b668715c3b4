#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns byte ranges into `String`s, building each distinct string once: repeated names (processes) then cost
/// a hash and a compare instead of an allocation, and equal names share storage. Bounded: when `capacity`
/// distinct strings are held it starts afresh, so an endless stream of new names cannot grow it.
struct StringInterner: Sendable {
    private struct Entry {
        var hash: UInt64
        /// Where the string's bytes are in `bytes`, so lookups compare bytes without touching the `String`.
        var offset: Int
        var count: Int
        var string: String
        /// The number a caller gave the string, once asked for (`number(_:_:numbering:)`).
        var number: UInt32?
        /// What a caller noted about the string (`mark`).
        var marks: UInt8 = 0
    }

    private let capacity: Int
    /// Per slot, the index of its entry in `entries` plus one; 0 is empty. Numbers, not optional entries: a table of
    /// those was filled and freed entry by entry through their value witnesses, a quarter of the work of checking a
    /// folder of small files (every parser of every file makes its own interners).
    private var slots: [UInt32]
    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    /// The entry of the last string returned: names mostly repeat the line before's (one process, one controller).
    private var lastEntry: Int?

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
        slots = Array(repeating: 0, count: size)
    }

    /// The string of `b[range]` (which the caller validated as UTF-8).
    mutating func intern(_ b: Bytes, _ range: Range<Int>) -> String {
        guard capacity > 0 else { return b.string(range) }
        return entries[entry(b, range)].string
    }

    /// The number `numbering` gives the string of `b[range]`, asked once per distinct string this interner holds
    /// (controller names are numbered under a lock: `ControllerName`).
    mutating func number(_ b: Bytes, _ range: Range<Int>, numbering: (String) -> UInt32) -> UInt32 {
        guard capacity > 0 else { return numbering(b.string(range)) }
        let index = entry(b, range)
        if let number = entries[index].number { return number }
        let number = numbering(entries[index].string)
        entries[index].number = number
        return number
    }

    /// The number and marks `b[range]` was given, when it is held; nothing is made.
    func held(_ b: Bytes, _ range: Range<Int>) -> (number: UInt32?, marks: UInt8)? {
        guard capacity > 0 else { return nil }
        let index: Int
        if let last = lastEntry, equal(entries[last], b, range) {
            index = last
        } else {
            guard let found = probe(b, range, hash: Self.hash(b, range)).entry else { return nil }
            index = found
        }
        return (entries[index].number, entries[index].marks)
    }

    /// Adds `marks` to what is noted about `b[range]` (held from here on).
    mutating func mark(_ b: Bytes, _ range: Range<Int>, _ marks: UInt8) {
        guard capacity > 0 else { return }
        entries[entry(b, range)].marks |= marks
    }

    /// The entry of `b[range]`, made on first sight.
    private mutating func entry(_ b: Bytes, _ range: Range<Int>) -> Int {
        if let last = lastEntry, equal(entries[last], b, range) { return last }
        return lookUp(b, range)
    }

    /// The entry holding `b[range]`, or the empty slot where it would go.
    private func probe(_ b: Bytes, _ range: Range<Int>, hash: UInt64) -> (entry: Int?, slot: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            if entries[index].hash == hash, equal(entries[index], b, range) { return (index, slot) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    private mutating func lookUp(_ b: Bytes, _ range: Range<Int>) -> Int {
        let hash = Self.hash(b, range)
        let probed = probe(b, range, hash: hash)
        if let found = probed.entry {
            lastEntry = found
            return found
        }
        var slot = probed.slot
        let string = b.string(range)
        if entries.count == capacity {
            for index in slots.indices { slots[index] = 0 }
            entries.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        }
        entries.append(Entry(hash: hash, offset: bytes.count, count: range.count, string: string))
        slots[slot] = UInt32(entries.count)
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[range]))
        lastEntry = entries.count - 1
        return entries.count - 1
    }

    /// FNV-style, eight bytes at a step.
    static func hash(_ b: Bytes, _ range: Range<Int>) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037 ^ UInt64(range.count)
        var i = range.lowerBound
        guard let base = b.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        while i + 8 <= range.upperBound {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 1_099_511_628_211
            hash ^= hash >> 29
            i += 8
        }
        while i < range.upperBound {
            hash = (hash ^ UInt64(b[i])) &* 1_099_511_628_211
            i += 1
        }
        return hash
    }

    @inline(__always)
    private func equal(_ entry: Entry, _ b: Bytes, _ range: Range<Int>) -> Bool {
        guard entry.count == range.count else { return false }
        guard !range.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { stored in
            let mine = stored.baseAddress! + entry.offset, theirs = b.baseAddress! + range.lowerBound
            // Process names are short: up to eight bytes compare as one number each, with no call.
            if range.count <= 8 { return mine.littleEndianWord(count: range.count) == theirs.littleEndianWord(count: range.count) }
            return memcmp(mine, theirs, range.count) == 0
        }
    }
}
