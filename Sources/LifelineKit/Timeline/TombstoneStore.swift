/// Deallocated instances, kept so a later callback at the same key can be recognised (§6.4). Capped: the
/// oldest are forgotten first, so memory stays bounded on endless streams.
struct TombstoneStore {
    let capacity: Int
    /// Boxed: a dictionary moves its values when it grows or removes, and instances are large.
    private final class Tomb {
        let instance: Instance
        init(_ instance: Instance) { self.instance = instance }
    }

    private var entries: [InstanceKey: Tomb] = [:]
    private var order: [InstanceKey] = []
    private var head = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func insert(_ instance: Instance) {
        if entries.updateValue(Tomb(instance), forKey: instance.key) == nil { order.append(instance.key) }
        while entries.count > capacity, head < order.count {
            let oldest = order[head]
            head += 1
            if entries[oldest] != nil { entries[oldest] = nil }
        }
        if head > 4096, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        // Keys taken back by `remove` (address reuse) leave stale entries behind: now and then keep only the
        // newest entry of each key still stored.
        if order.count - head > 2 * entries.count + 4096 {
            var seen = Set<InstanceKey>()
            order = Array(order[head...].reversed().filter { entries[$0] != nil && seen.insert($0).inserted }.reversed())
            head = 0
        }
    }

    mutating func remove(_ key: InstanceKey) -> Instance? { entries.removeValue(forKey: key)?.instance }
}
