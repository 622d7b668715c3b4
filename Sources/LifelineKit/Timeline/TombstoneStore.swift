/// Deallocated instances, kept so a later callback at the same key can be recognised. Capped: the
/// oldest are forgotten first, so memory stays bounded on endless streams.
struct TombstoneStore {
    let capacity: Int
    /// Where each key's instance sits in `slots`. Every new instance looks its key up here.
    private var index = KeyIndex()
    private var slots: [Instance?] = []
    private var freeSlots: [Int] = []
    /// Keys in order of burial, oldest from `head`, for eviction.
    private var order: [InstanceKey] = []
    private var head = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func insert(_ instance: consuming Instance) {
        let key = instance.key
        if let slot = index[key] {
            slots[slot] = consume instance
        } else {
            index[key] = store(consume instance)
            order.append(key)
        }
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
        freeSlots.append(slot)
        return slots[slot].take()
    }

    private mutating func store(_ instance: consuming Instance) -> Int {
        if let slot = freeSlots.popLast() {
            slots[slot] = consume instance
            return slot
        }
        slots.append(consume instance)
        return slots.count - 1
    }
}
