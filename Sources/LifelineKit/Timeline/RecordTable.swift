/// The storage of the compact stores (`IdleStore`, `TombstoneStore`): records in pages (`PagedRecords`, freed places
/// reused), found through an open-addressing table of 32-bit record numbers, at most three quarters full. A store
/// says how a record hashes and which record a key is, reading the pages it is handed: a key is read in place
/// rather than a whole record copied, and what else the hash needs (`context`, the store's names) is lent, not
/// copied.
struct RecordTable<Record: Sendable>: Sendable {
    private(set) var records = PagedRecords<Record>()
    private var freeRecords: [UInt32] = []
    /// Record number plus one per slot; 0 is empty. Power-of-two size.
    private var table = [UInt32](repeating: 0, count: 64)
    private(set) var count = 0


    subscript(record: UInt32) -> Record {
        get { records[Int(record)] }
        set { records[Int(record)] = newValue }
    }

    /// The record in `slot` (a slot `find` gave).
    func record(in slot: Int) -> UInt32 { table[slot] - 1 }

    /// The slot of the record that `matches` accepts, looked for from `hash`'s home on; nil when there is none.
    @inline(__always)
    func find(hash: Int, matches: (borrowing PagedRecords<Record>, UInt32) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        let mask = table.count - 1
        var slot = hash & mask
        while table[slot] != 0 {
            if matches(records, table[slot] - 1) { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Stores `record` and returns its number. `hash` gives a stored record's hash, with `context`.
    mutating func insert<Context>(_ record: Record, _ context: borrowing Context,
                                  hash: (borrowing PagedRecords<Record>, borrowing Context, UInt32) -> Int) -> UInt32 {
        if (count + 1) * 4 > table.count * 3 { grow(context, hash) }
        let number: UInt32
        if let free = freeRecords.popLast() {
            number = free
            records[Int(number)] = record
        } else {
            number = UInt32(records.count)
            records.append(record)
        }
        place(number, context, hash)
        count += 1
        return number
    }

    /// Empties `slot`; its record's place is reused by a later `insert`.
    mutating func remove<Context>(slot: Int, _ context: borrowing Context,
                                  hash: (borrowing PagedRecords<Record>, borrowing Context, UInt32) -> Int) {
        var hole = slot
        freeRecords.append(table[hole] - 1)
        count -= 1
        // Backward-shift deletion: move up every later entry of the probe chain that the hole would cut off.
        let mask = table.count - 1
        table[hole] = 0
        var next = (hole + 1) & mask
        while table[next] != 0 {
            let home = hash(records, context, table[next] - 1) & mask
            if !KeyIndex.staysAfterRemoval(home: home, hole: hole, slot: next) {
                table[hole] = table[next]
                table[next] = 0
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// Calls `body` with every stored record's number, in the order the records lie in their pages.
    func forEachStored(_ body: (UInt32) -> Void) {
        var free = [Bool](repeating: false, count: records.count)
        for record in freeRecords { free[Int(record)] = true }
        for record in 0..<records.count where !free[record] { body(UInt32(record)) }
    }

    /// The bytes held: records, table and free list (capacity, not just use).
    var retainedBytes: Int {
        records.capacity * MemoryLayout<Record>.stride + table.count * MemoryLayout<UInt32>.stride
            + freeRecords.capacity * MemoryLayout<UInt32>.stride
    }

    private mutating func place<Context>(_ record: UInt32, _ context: borrowing Context,
                                         _ hash: (borrowing PagedRecords<Record>, borrowing Context, UInt32) -> Int) {
        let mask = table.count - 1
        var slot = hash(records, context, record) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = record + 1
    }

    private mutating func grow<Context>(_ context: borrowing Context,
                                        _ hash: (borrowing PagedRecords<Record>, borrowing Context, UInt32) -> Int) {
        let old = table
        table = [UInt32](repeating: 0, count: table.count * 2)
        for entry in old where entry != 0 { place(entry - 1, context, hash) }
    }
}
