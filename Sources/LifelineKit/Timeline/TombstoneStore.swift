/// Deallocated instances, kept so a later callback at the same key can be recognised. Capped: the
/// oldest are forgotten first, so memory stays bounded on endless streams.
///
/// Most are kept in the compact form of instances at rest (`IdleInstance`, with the dealloc and the state they died
/// in beside it), which gives back the very instance that went in: a trace whose controllers are freed keeps about
/// a fifth of the bytes a whole instance takes. One with an observer still registered stays whole. The two forms
/// live in arrays of their own, as an array of either would give every element the size of the larger.
struct TombstoneStore {
    let capacity: Int
    /// Where each key's instance is: `n >= 0` at `compact[n]`, else at `whole[-n - 1]`. Every new instance looks its
    /// key up here.
    private var index = KeyIndex()
    private var compact: [CompactTomb?] = []
    private var whole: [Instance?] = []
    private var freeCompact: [Int] = []
    private var freeWhole: [Int] = []
    /// The process and observer names of compact tombs.
    private var names = NameTable()
    /// Keys in order of burial, oldest from `head`, for eviction.
    private var order: [InstanceKey] = []
    private var head = 0

    private struct CompactTomb {
        var instance: IdleInstance
        var dealloc: CompactMark
        var appearance: AppearanceState
    }

    init(capacity: Int) { self.capacity = capacity }

    mutating func insert(_ instance: consuming Instance) {
        let key = instance.key
        if let slot = index[key] { free(slot) } else { order.append(key) }
        index[key] = store(instance)
        while index.count > capacity, head < order.count {
            let oldest = order[head]
            head += 1
            _ = remove(oldest)
        }
        if head > 4096, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        // Keys taken back by `remove` (address reuse) leave stale entries behind: now and then keep only the
        // newest entry of each key still stored.
        if order.count - head > 2 * index.count + 4096 {
            var seen = Set<InstanceKey>()
            order = Array(order[head...].reversed().filter { index[$0] != nil && seen.insert($0).inserted }.reversed())
            head = 0
        }
    }

    mutating func remove(_ key: InstanceKey) -> Instance? {
        guard let slot = index[key] else { return nil }
        index[key] = nil
        defer { free(slot) }
        guard slot >= 0 else { return whole[-slot - 1] }
        guard let tomb = compact[slot] else { return nil }
        var instance = Instance(tomb.instance, names: names)
        instance.dealloc = tomb.dealloc.mark
        instance.appearance = tomb.appearance
        return instance
    }

    /// The bytes one compact tomb takes in its array.
    static var bytesPerCompactTomb: Int { MemoryLayout<CompactTomb?>.stride }

    /// Tombs kept in compact form and whole.
    var counts: (compact: Int, whole: Int) { (compact.count - freeCompact.count, whole.count - freeWhole.count) }

    /// Stores `instance` and returns its place (`index`'s values).
    private mutating func store(_ instance: borrowing Instance) -> Int {
        if let idle = IdleInstance(instance, names: &names, dead: true) {
            let tomb = CompactTomb(instance: idle, dealloc: CompactMark(instance.dealloc), appearance: instance.appearance)
            if let slot = freeCompact.popLast() {
                compact[slot] = tomb
                return slot
            }
            compact.append(tomb)
            return compact.count - 1
        }
        if let slot = freeWhole.popLast() {
            whole[slot] = copy instance
            return -slot - 1
        }
        whole.append(copy instance)
        return -whole.count
    }

    private mutating func free(_ slot: Int) {
        if slot >= 0 {
            compact[slot] = nil
            freeCompact.append(slot)
        } else {
            whole[-slot - 1] = nil
            freeWhole.append(-slot - 1)
        }
    }
}
