/// Instances at rest (`IdleInstance`), found by key. Records sit in pages of fixed size (freed places are
/// reused), so growing never copies them and never holds more than one page spare; an open-addressing table of
/// 32-bit record numbers finds them, comparing the keys the records hold. An idle instance costs its record plus
/// a few table bytes (`retainedBytes`).
struct IdleStore: Sendable {
    private var records = PagedRecords<IdleInstance>()
    private var freeRecords: [UInt32] = []
    /// Record number plus one per slot; 0 is empty. Power-of-two size, at most three quarters full.
    private var table = [UInt32](repeating: 0, count: 64)
    private(set) var names = NameTable()
    private(set) var count = 0

    /// Stores `instance` compactly. Returns false, storing nothing, when it is not at rest.
    mutating func insert(_ instance: borrowing Instance) -> Bool {
        guard let idle = IdleInstance(instance, names: &names) else { return false }
        assert(Instance(idle, names: names) == instance, "an idle instance must come back as it went in")
        if (count + 1) * 4 > table.count * 3 { grow() }
        let record: UInt32
        if let free = freeRecords.popLast() {
            record = free
            records[Int(record)] = idle
        } else {
            record = UInt32(records.count)
            records.append(idle)
        }
        place(record)
        count += 1
        return true
    }

    /// Takes the instance at `key` out of the store.
    mutating func remove(_ key: InstanceKey) -> Instance? {
        guard var hole = find(key) else { return nil }
        let record = table[hole] - 1
        let instance = Instance(records[Int(record)], names: names)
        freeRecords.append(record)
        count -= 1
        // Backward-shift deletion: move up every later entry of the probe chain that the hole would cut off.
        let mask = table.count - 1
        table[hole] = 0
        var slot = (hole + 1) & mask
        while table[slot] != 0 {
            let home = hash(record: table[slot] - 1) & mask
            if !KeyIndex.staysAfterRemoval(home: home, hole: hole, slot: slot) {
                table[hole] = table[slot]
                table[slot] = 0
                hole = slot
            }
            slot = (slot + 1) & mask
        }
        return instance
    }

    /// The instance at `key`, left in the store.
    func instance(_ key: InstanceKey) -> Instance? {
        find(key).map { Instance(records[Int(table[$0] - 1)], names: names) }
    }

    /// Every stored record, in serial order, as its serial in the high half and its number in the low half: 8 bytes
    /// each, so the end of the trace visits instances in serial order without making every key (a key holds strings;
    /// at 350,000 idle instances they doubled peak memory). Serials are dense when most instances ever made are at
    /// rest (a log without deallocs): the records are then placed by serial, where sorting cost 330 instructions a
    /// record.
    var recordsBySerial: [UInt64] {
        // Records are read in the order they lie, not in the table's: the pages are read once, front to back.
        var free = [Bool](repeating: false, count: records.count)
        for record in freeRecords { free[Int(record)] = true }
        var result: [UInt64] = []
        result.reserveCapacity(count)
        var highest: UInt32 = 0
        for record in 0..<records.count where !free[record] {
            let serial = records[record].serial
            highest = max(highest, serial)
            result.append(UInt64(serial) << 32 | UInt64(record))
        }
        guard Int(highest) <= 2 * count + 1024 else { return result.sorted() }
        var bySerial = [UInt64](repeating: .max, count: Int(highest) + 1)
        for entry in result { bySerial[Int(entry >> 32)] = entry }
        return bySerial.filter { $0 != .max }
    }

    /// The instance in `record` (from `recordsBySerial`), left in the store.
    func instance(record: UInt32) -> Instance { Instance(records[Int(record)], names: names) }

    mutating func removeAll() { self = IdleStore() }

    /// The bytes the store holds for its instances: records, table and free list (capacity, not just use).
    var retainedBytes: Int {
        records.capacity * MemoryLayout<IdleInstance>.stride + table.count * MemoryLayout<UInt32>.stride
            + freeRecords.capacity * MemoryLayout<UInt32>.stride + names.retainedBytes
    }

    /// A key with an address is looked for by its address and pid: most keys the tracker asks about are new objects,
    /// whose address no record holds, and those are turned away without looking their processes up. A label is
    /// looked for by its name's number and its process's entry.
    private func find(_ key: InstanceKey) -> Int? {
        guard count > 0 else { return nil }
        func entries() -> (name: UInt32, process: UInt32)? {
            guard let process = names.existingID(key.process) else { return nil }
            return (key.ref.interned.number, process)
        }
        let address = key.ref.address
        var ids: (name: UInt32, process: UInt32)?
        let hash: Int
        if let address {
            hash = Self.hash(address: address, pid: key.process.pid)
        } else {
            guard let found = entries() else { return nil }
            ids = found
            hash = Self.hash(label: found.name, process: found.process)
        }
        let mask = table.count - 1
        var slot = hash & mask
        while table[slot] != 0 {
            let stored = records.key(Int(table[slot] - 1))
            if stored.hasAddress == (address != nil), stored.address == address ?? 0 {
                if ids == nil {
                    guard let found = entries() else { return nil }
                    ids = found
                }
                if stored.name == ids!.name, stored.process == ids!.process { return slot }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func place(_ record: UInt32) {
        let mask = table.count - 1
        var slot = hash(record: record) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = record + 1
    }

    private mutating func grow() {
        let entries = table.filter { $0 != 0 }
        table = [UInt32](repeating: 0, count: table.count * 2)
        for entry in entries { place(entry - 1) }
    }

    /// By address and pid when the key has an address (`find`), else by the label's and the process's entries.
    private func hash(record: UInt32) -> Int {
        let key = records.key(Int(record))
        return key.hasAddress ? Self.hash(address: key.address, pid: names.process(key.process).pid)
            : Self.hash(label: key.name, process: key.process)
    }

    /// The pid keeps apart the objects that relaunches of an app (whose allocations repeat) put at one address.
    private static func hash(address: UInt64, pid: Int32?) -> Int { mixed(address ^ UInt64(UInt32(bitPattern: pid ?? -1)) << 44) }

    private static func hash(label name: UInt32, process: UInt32) -> Int { mixed(UInt64(name) << 40 ^ UInt64(process) << 56) }

    private static func mixed(_ value: UInt64) -> Int {
        var hash = value &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash)
    }
}

extension PagedRecords where Record == IdleInstance {
    /// The key parts of `record`, read in place (a whole record is over a hundred bytes).
    func key(_ record: Int) -> (address: UInt64, name: UInt32, process: UInt32, hasAddress: Bool) {
        let page = record / Self.pageSize, index = record % Self.pageSize
        return (pages[page][index].address, pages[page][index].name, pages[page][index].process,
                pages[page][index].flags.contains(.keyHasAddress))
    }
}
