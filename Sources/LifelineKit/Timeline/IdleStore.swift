/// Instances at rest (`IdleInstance`), found by key in a `RecordTable`. An idle instance costs its record plus a few
/// table bytes (`retainedBytes`).
struct IdleStore: Sendable {
    private var records = RecordTable<IdleInstance>()
    private(set) var names = NameTable()
    var count: Int { records.count }

    /// Stores `instance` compactly. Returns false, storing nothing, when it is not at rest. `facts` gives its profile
    /// back (checked in debug builds).
    mutating func insert(_ instance: borrowing Instance, facts: borrowing TimelineFacts) -> Bool {
        guard let idle = IdleInstance(instance, names: &names) else { return false }
        assert(Instance(idle, names: names, profile: facts.existingProfile(for: instance.key.ref)) == instance,
               "an idle instance must come back as it went in")
        _ = records.insert(idle, names, hash: Self.hash)
        return true
    }

    /// Takes the instance at `key` out of the store.
    mutating func remove(_ key: InstanceKey, facts: borrowing TimelineFacts) -> Instance? {
        guard let slot = find(key) else { return nil }
        let instance = Instance(records[records.record(in: slot)], names: names, profile: facts.existingProfile(for: key.ref))
        records.remove(slot: slot, names, hash: Self.hash)
        return instance
    }

    /// The instance at `key`, left in the store.
    func instance(_ key: InstanceKey, facts: borrowing TimelineFacts) -> Instance? {
        find(key).map { Instance(records[records.record(in: $0)], names: names, profile: facts.existingProfile(for: key.ref)) }
    }

    /// Every stored record's number, in serial order: 4 bytes each, so the end of the trace visits instances in
    /// serial order without making every key (a key holds strings; at 350,000 idle instances they doubled peak
    /// memory). Serials are dense when most instances ever made are at rest (a log without deallocs): the records
    /// are then placed by serial in one array, which is then closed up, where sorting cost 330 instructions a
    /// record and sorting pairs of serial and record took three arrays of 8 bytes a record at the trace's end.
    var recordsBySerial: [UInt32] {
        // Records are read in the order they lie, not in the table's: the pages are read once, front to back.
        var highest: UInt32 = 0
        records.forEachStored { highest = max(highest, records.records.serial(Int($0))) }
        guard Int(highest) <= 2 * count + 1024 else {
            var pairs: [UInt64] = []
            pairs.reserveCapacity(count)
            records.forEachStored { pairs.append(UInt64(records.records.serial(Int($0))) << 32 | UInt64($0)) }
            pairs.sort()
            return pairs.map { UInt32(truncatingIfNeeded: $0) }
        }
        var bySerial = [UInt32](repeating: .max, count: Int(highest) + 1)
        records.forEachStored { bySerial[Int(records.records.serial(Int($0)))] = $0 }
        bySerial.removeAll { $0 == .max }
        return bySerial
    }

    /// The instance in `record` (from `recordsBySerial`), left in the store.
    func instance(record: UInt32, facts: borrowing TimelineFacts) -> Instance {
        let idle = records[record]
        return Instance(idle, names: names, profile: facts.existingProfile(for: idle.key.ref))
    }

    mutating func removeAll() { self = IdleStore() }

    /// The bytes the store holds for its instances: records, table and free list (capacity, not just use).
    var retainedBytes: Int { records.retainedBytes + names.retainedBytes }

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
        return records.find(hash: hash) { pages, record in
            let stored = pages.key(Int(record))
            guard stored.hasAddress == (address != nil), stored.address == address ?? 0 else { return false }
            if ids == nil { ids = entries() }
            guard let ids else { return false }
            return stored.name == ids.name && stored.process == ids.process
        }
    }

    /// By address and pid when the key has an address (`find`), else by the label's and the process's entries.
    private static func hash(_ pages: borrowing PagedRecords<IdleInstance>, _ names: borrowing NameTable, _ record: UInt32) -> Int {
        let key = pages.key(Int(record))
        return key.hasAddress ? hash(address: key.address, pid: names.process(key.process).pid) : hash(label: key.name, process: key.process)
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
    /// The serial of `record`, read in place.
    func serial(_ record: Int) -> UInt32 { pages[record / Self.pageSize][record % Self.pageSize].serial }

    /// The key of `record`, read in place (a whole record is over a hundred bytes).
    func key(_ record: Int) -> CompactKey { pages[record / Self.pageSize][record % Self.pageSize].key }
}
