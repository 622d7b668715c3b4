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
        let key = Tomb.Key(instance.key, names: &names)
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
            if let slot = find(oldest) { _ = take(slot) }
        }
        // Keys taken back by `remove` (address reuse) leave stale entries behind: now and then keep only the
        // newest entry of each key still stored.
        if order.count > 2 * count + 4096 {
            var seen = Set<Tomb.Key>(), kept = order
            kept.keepNewest { find($0) != nil && seen.insert($0).inserted }
            order = kept
        }
    }

    /// Takes the dead instance at `key` out of the store: as it went in when kept whole, else its remains (`Tomb`).
    mutating func remove(_ key: InstanceKey) -> Instance? {
        guard count > 0, let process = names.existingID(key.process), let slot = find(Tomb.Key(key, process: process)) else { return nil }
        return take(slot)
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

    /// Empties `slot` and gives back the instance its record held.
    private mutating func take(_ slot: Int) -> Instance {
        let record = records.record(in: slot)
        let tomb = records[record]
        let instance = tomb.isWhole ? whole.removeValue(forKey: record)! : Instance(tomb, names: names)
        records.remove(slot: slot, (), hash: Self.hash)
        return instance
    }

    private func find(_ key: Tomb.Key) -> Int? {
        return records.find(hash: key.hash) { pages, record in pages[Int(record)].key == key }
    }

    private static func hash(_ pages: borrowing PagedRecords<Tomb>, _: borrowing Void, _ record: UInt32) -> Int { pages[Int(record)].key.hash }
}

/// Keys in a ring whose size is a power of two, doubled only when full: an array whose consumed front is cut off now
/// and then keeps the capacity it grew to with that front still in it.
private struct BurialOrder {
    private var keys = [Tomb.Key](repeating: Tomb.Key(), count: 64)
    private var start = 0
    private(set) var count = 0

    mutating func append(_ key: Tomb.Key) {
        if count == keys.count { rebuild(size: keys.count * 2) { _ in true } }
        keys[(start + count) & (keys.count - 1)] = key
        count += 1
    }

    mutating func popOldest() -> Tomb.Key? {
        guard count > 0 else { return nil }
        defer {
            start = (start + 1) & (keys.count - 1)
            count -= 1
        }
        return keys[start]
    }

    /// Keeps the keys `keeps` says so of, asked from the newest to the oldest, in their order.
    mutating func keepNewest(_ keeps: (Tomb.Key) -> Bool) {
        var kept = [Bool](repeating: false, count: count)
        for offset in (0..<count).reversed() { kept[offset] = keeps(keys[(start + offset) & (keys.count - 1)]) }
        rebuild(size: keys.count) { kept[$0] }
    }

    var retainedBytes: Int { keys.capacity * MemoryLayout<Tomb.Key>.stride }

    /// Lays the keys whose offset from the oldest `keeps` out from the start of a ring of `size`.
    private mutating func rebuild(size: Int, keeping keeps: (Int) -> Bool) {
        var ring = [Tomb.Key](repeating: Tomb.Key(), count: size)
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
/// its profile; an observer line its observers and whether it was seen from birth; `slow-transition` the start of
/// a transition it died in) and reported with its identity and evidence. The rules judge nothing else of a dead
/// instance: every other check stops at `isDeallocated`, and a callback other than dealloc starts a new life.
struct Tomb: Sendable {
    /// A key in 16 bytes: the address (0 for none), the name's number (`ControllerName`) and the process's entry
    /// in the store's `NameTable`, shifted left by one, with the low bit set for a key with an address.
    struct Key: Hashable, Sendable {
        var address: UInt64
        var name: UInt32
        var process: UInt32

        init(_ key: InstanceKey, process: UInt32) {
            address = key.ref.address ?? 0
            name = key.ref.interned.number
            self.process = process << 1 | (key.ref.address == nil ? 0 : 1)
        }

        init(_ key: InstanceKey, names: inout NameTable) { self.init(key, process: names.id(key.process)) }

        /// No key (a label's, of name 0, in process 0), to fill rings with.
        init() { (address, name, process) = (0, 0, 0) }

        var hasAddress: Bool { process & 1 != 0 }

        var hash: Int {
            var hash = (address ^ UInt64(name) << 40 ^ UInt64(process) << 52) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            return Int(truncatingIfNeeded: hash)
        }
    }

    var key: Key
    /// The start of the transition it died in: its line (0: none) and time (`TraceTime.microseconds`; `Int64.min`:
    /// none). The callback is the one the transition begins with.
    var transitionTime: Int64
    var transitionLine: UInt32
    /// `Instance.evidence` plus one (0: none).
    var evidence: UInt32
    var serial: UInt32
    var generation: UInt32
    var profile: UInt32
    var lastLine: UInt32
    var deallocLine: UInt32
    var flags: Flags

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        static let seenFromBirth = Flags(rawValue: 1 << 0)
        static let appearing = Flags(rawValue: 1 << 1)
        static let appeared = Flags(rawValue: 1 << 2)
        static let disappearing = Flags(rawValue: 1 << 3)
        static let hasOffset = Flags(rawValue: 1 << 4)
        static let yearUnknown = Flags(rawValue: 1 << 5)
        /// The instance is kept whole (`TombstoneStore`), not in this record.
        static let whole = Flags(rawValue: 1 << 6)
    }

    private static let noTime = Int64.min

    var isWhole: Bool { flags.contains(.whole) }

    /// The remains of the deallocated `instance`, or a record marked whole, holding only its key, when an observer is
    /// still registered (observer lines after the dealloc are judged on the counts) or its numbers do not fit.
    init(_ instance: borrowing Instance, key: Key) {
        self.key = key
        // The dealloc's and every mark's line are at most `lastLine`.
        let fits = !instance.observers.containsEntry(where: { $0.count != 0 }) && UInt32(exactly: instance.serial) != nil
            && UInt32(exactly: instance.generation) != nil && UInt32(exactly: instance.profile) != nil
            && UInt32(exactly: instance.lastLine) != nil && (instance.evidence ?? 0) < Int(UInt32.max)
        guard fits, let dealloc = instance.dealloc else {
            (transitionTime, transitionLine, evidence, serial, generation, profile, lastLine, deallocLine) = (Self.noTime, 0, 0, 0, 0, 0, 0, 0)
            flags = .whole
            return
        }
        evidence = instance.evidence.map { UInt32($0 + 1) } ?? 0
        serial = UInt32(instance.serial)
        generation = UInt32(instance.generation)
        profile = UInt32(instance.profile)
        lastLine = UInt32(instance.lastLine)
        deallocLine = UInt32(dealloc.line)
        var flags: Flags = instance.seenFromBirth ? [.seenFromBirth] : []
        let start: Mark?
        switch instance.appearance {
        case .appearing:
            flags.insert(.appearing)
            start = instance.willAppear
        case .disappearing:
            flags.insert(.disappearing)
            start = instance.willDisappear
        case .appeared:
            flags.insert(.appeared)
            start = nil
        case .disappeared:
            start = nil
        }
        transitionLine = start.map { UInt32($0.line) } ?? 0
        transitionTime = start?.time?.microseconds ?? Self.noTime
        if start?.time?.hasOffset == true { flags.insert(.hasOffset) }
        if start?.time?.yearUnknown == true { flags.insert(.yearUnknown) }
        self.flags = flags
    }

    /// The start of the transition it died in.
    var transitionStart: Mark? {
        guard transitionLine != 0 else { return nil }
        let time = transitionTime == Self.noTime ? nil
            : TraceTime(microseconds: transitionTime, hasOffset: flags.contains(.hasOffset), yearUnknown: flags.contains(.yearUnknown))
        return Mark(line: Int(transitionLine), time: time, callback: flags.contains(.appearing) ? .viewWillAppear : .viewWillDisappear)
    }
}

extension Instance {
    /// The dead instance `tomb` holds the remains of: what it does not keep is as in a new instance, and the dealloc
    /// is the only callback logged (so a second one notes nothing new about the class).
    init(_ tomb: Tomb, names: borrowing NameTable) {
        let address: UInt64? = tomb.key.hasAddress ? tomb.key.address : nil
        self.init(serial: Int(tomb.serial),
                  key: InstanceKey(process: names.process(tomb.key.process >> 1),
                                   ref: ControllerRef(interned: ControllerName(number: tomb.key.name), address: address)),
                  generation: Int(tomb.generation), profile: Int(tomb.profile))
        seenFromBirth = tomb.flags.contains(.seenFromBirth)
        if tomb.flags.contains(.appearing) {
            appearance = .appearing
            willAppear = tomb.transitionStart
        } else if tomb.flags.contains(.disappearing) {
            appearance = .disappearing
            willDisappear = tomb.transitionStart
        } else if tomb.flags.contains(.appeared) {
            appearance = .appeared
        }
        dealloc = Mark(line: Int(tomb.deallocLine), time: nil, callback: .dealloc)
        loggedCallbacks.insert(.dealloc)
        evidence = tomb.evidence == 0 ? nil : Int(tomb.evidence) - 1
        lastLine = Int(tomb.lastLine)
    }
}
