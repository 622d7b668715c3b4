/// Deallocated instances, kept so a later event at the same key is recognised. Capped: the oldest are forgotten
/// first, so memory stays bounded on endless streams.
///
/// A dead instance keeps only what a later event at its key reads of it (`Tomb`, 56 bytes): the tracker starts a
/// new life with the next generation on a callback that begins one, and otherwise has the rules judge the dead
/// instance, which they answer from its identity, its dealloc, its evidence and an open transition's start. One
/// whose observers are still registered (or whose numbers do not fit) is kept whole beside its record. Records sit
/// in pages, found through an open-addressing table of 32-bit record numbers, as in `IdleStore`.
struct TombstoneStore {
    let capacity: Int
    private var records = RecordTable<Tomb>()
    /// The instances kept whole, by record.
    private var whole: [UInt32: Instance] = [:]
    /// The processes of the keys.
    private var names = NameTable()
    var count: Int { records.count }
    /// Keys in order of burial, for eviction. A key taken back (`remove`) leaves its entry behind: when it comes
    /// around, it evicts whatever is buried at that key then.
    private var order = BurialOrder()

    init(capacity: Int) { self.capacity = capacity }

    mutating func insert(_ instance: consuming Instance) {
        let key = CompactKey(instance.key, names: &names)
        let tomb = Tomb(instance, key: key)
        if let slot = find(key) {
            let record = records.record(in: slot)
            if records[record].isWhole { whole[record] = nil }
            records[record] = tomb
            if tomb.isWhole { whole[record] = instance }
        } else {
            store(tomb, instance)
            order.append(key)
        }
        while count > capacity, let oldest = order.popOldest() {
            if let slot = find(oldest) { forget(slot) }
        }
        // Keys taken back by `remove` (address reuse) leave stale entries behind: now and then keep only the
        // newest entry of each key still stored.
        if order.count > 2 * count + 4096 {
            var seen = Set<CompactKey>(), kept = order
            kept.keepNewest { find($0) != nil && seen.insert($0).inserted }
            order = kept
        }
    }

    /// Takes the dead instance at `key` out of the store: as it went in when kept whole, else its remains (`Tomb`).
    /// `facts` gives back its class's profile.
    mutating func remove(_ key: InstanceKey, facts: borrowing TimelineFacts) -> Instance? {
        guard count > 0, let process = names.existingID(key.process), let slot = find(CompactKey(key, process: process)) else { return nil }
        let record = records.record(in: slot)
        let tomb = records[record]
        let instance = tomb.isWhole ? whole.removeValue(forKey: record)! : Instance(tomb, names: names, profile: facts.existingProfile(for: key.ref))
        forget(slot)
        return instance
    }

    /// Tombs kept as remains and whole.
    var counts: (compact: Int, whole: Int) { (count - whole.count, whole.count) }

    /// The bytes the store holds for its tombs, whole ones aside: records, table, free list and burial order
    /// (capacity, not just use).
    var retainedBytes: Int {
        records.retainedBytes + order.retainedBytes
            + names.retainedBytes
    }

    private mutating func store(_ tomb: Tomb, _ instance: borrowing Instance) {
        let record = records.insert(tomb, (), hash: Self.hash)
        if tomb.isWhole { whole[record] = copy instance }
    }

    /// Empties `slot`.
    private mutating func forget(_ slot: Int) {
        let record = records.record(in: slot)
        if records[record].isWhole { whole[record] = nil }
        records.remove(slot: slot, (), hash: Self.hash)
    }

    private func find(_ key: CompactKey) -> Int? {
        return records.find(hash: key.hash) { pages, record in pages[Int(record)].key == key }
    }

    private static func hash(_ pages: borrowing PagedRecords<Tomb>, _: borrowing Void, _ record: UInt32) -> Int { pages[Int(record)].key.hash }
}

/// Keys in a ring whose size is a power of two, doubled only when full: an array whose consumed front is cut off now
/// and then keeps the capacity it grew to with that front still in it.
private struct BurialOrder {
    private var keys = [CompactKey](repeating: CompactKey(), count: 64)
    private var start = 0
    private(set) var count = 0

    mutating func append(_ key: CompactKey) {
        if count == keys.count { rebuild(size: keys.count * 2) { _ in true } }
        keys[(start + count) & (keys.count - 1)] = key
        count += 1
    }

    mutating func popOldest() -> CompactKey? {
        guard count > 0 else { return nil }
        defer {
            start = (start + 1) & (keys.count - 1)
            count -= 1
        }
        return keys[start]
    }

    /// Keeps the keys `keeps` says so of, asked from the newest to the oldest, in their order.
    mutating func keepNewest(_ keeps: (CompactKey) -> Bool) {
        var kept = [Bool](repeating: false, count: count)
        for offset in (0..<count).reversed() { kept[offset] = keeps(keys[(start + offset) & (keys.count - 1)]) }
        rebuild(size: keys.count) { kept[$0] }
    }

    var retainedBytes: Int { keys.capacity * MemoryLayout<CompactKey>.stride }

    /// Lays the keys whose offset from the oldest `keeps` out from the start of a ring of `size`.
    private mutating func rebuild(size: Int, keeping keeps: (Int) -> Bool) {
        var ring = [CompactKey](repeating: CompactKey(), count: size)
        var kept = 0
        for offset in 0..<count where keeps(offset) {
            ring[kept] = keys[(start + offset) & (keys.count - 1)]
            kept += 1
        }
        (keys, start, count) = (ring, 0, kept)
    }
}

/// What a later event at a dead instance's key reads of it. A callback that begins a life reads its generation; any
/// other event is judged on the dead instance (`callback-after-dealloc` quotes its dealloc; a second dealloc reads
/// its class's profile, which the timeline finds from the key; an observer line its observers and whether it was
/// seen from birth; `slow-transition` the start of a transition it died in) and reported with its identity and
/// evidence. The rules judge nothing else of a dead instance: every other check stops at `isDeallocated`, and a
/// callback other than dealloc starts a new life. Key and mark are encoded as an idle instance's.
struct Tomb: Sendable {
    var key: CompactKey
    /// The start of the transition it died in (`willAppear` or `willDisappear`).
    var transitionStart: CompactMark
    var evidence: CompactEvidence
    var serial: UInt32
    var generation: UInt32
    var lastLine: UInt32
    var deallocLine: UInt32
    var flags: Flags

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        static let seenFromBirth = Flags(rawValue: 1 << 0)
        static let appearing = Flags(rawValue: 1 << 1)
        static let appeared = Flags(rawValue: 1 << 2)
        static let disappearing = Flags(rawValue: 1 << 3)
        /// The instance is kept whole (`TombstoneStore`), not in this record.
        static let whole = Flags(rawValue: 1 << 4)
    }

    var isWhole: Bool { flags.contains(.whole) }

    /// The remains of the deallocated `instance`, or a record marked whole, holding only its key, when an observer is
    /// still registered (observer lines after the dealloc are judged on the counts) or its numbers do not fit.
    init(_ instance: borrowing Instance, key: CompactKey) {
        self.key = key
        let start: Mark?, appearance: Flags
        switch instance.appearance {
        case .appearing: (start, appearance) = (instance.willAppear, .appearing)
        case .disappearing: (start, appearance) = (instance.willDisappear, .disappearing)
        case .appeared: (start, appearance) = (nil, .appeared)
        case .disappeared: (start, appearance) = (nil, [])
        }
        // The dealloc's line is at most `lastLine`.
        let fits = !instance.observers.containsEntry(where: { $0.count != 0 }) && instance.compactNumbersFit && CompactMark.fits(start)
        guard fits, let dealloc = instance.dealloc else {
            (transitionStart, evidence, serial, generation, lastLine, deallocLine) = (CompactMark(nil), CompactEvidence(nil), 0, 0, 0, 0)
            flags = .whole
            return
        }
        transitionStart = CompactMark(start)
        evidence = CompactEvidence(instance.evidence)
        serial = UInt32(instance.serial)
        generation = UInt32(instance.generation)
        lastLine = UInt32(instance.lastLine)
        deallocLine = UInt32(dealloc.line)
        flags = instance.seenFromBirth ? appearance.union(.seenFromBirth) : appearance
    }
}

extension Instance {
    /// The dead instance `tomb` holds the remains of, whose class's profile is `profile`: what it does not keep is as
    /// in a new instance, and the dealloc is the only callback logged (so a second one notes nothing new about the
    /// class).
    init(_ tomb: Tomb, names: borrowing NameTable, profile: Int) {
        self.init(serial: Int(tomb.serial), key: tomb.key.key(names), generation: Int(tomb.generation), profile: profile)
        seenFromBirth = tomb.flags.contains(.seenFromBirth)
        if tomb.flags.contains(.appearing) {
            appearance = .appearing
            willAppear = tomb.transitionStart.mark
        } else if tomb.flags.contains(.disappearing) {
            appearance = .disappearing
            willDisappear = tomb.transitionStart.mark
        } else if tomb.flags.contains(.appeared) {
            appearance = .appeared
        }
        dealloc = Mark(line: Int(tomb.deallocLine), time: nil, callback: .dealloc)
        loggedCallbacks.insert(.dealloc)
        evidence = tomb.evidence.position
        lastLine = Int(tomb.lastLine)
    }
}
