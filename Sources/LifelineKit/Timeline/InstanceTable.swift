/// The live instances of a trace. An instance is taken out of its slot while an event changes it and put back
/// into the same slot, so it is moved rather than copied and found with one hash lookup per event.
struct InstanceTable {
    private var index = KeyIndex()
    private var slots: [Instance?] = []
    private var freeSlots: [Int] = []

    /// A copy of the live instance at `key` (nil while it is taken out).
    subscript(key: InstanceKey) -> Instance? {
        index[key].flatMap { slots[$0] }
    }

    /// Whether a live instance is at `key` (and not taken out).
    func contains(_ key: InstanceKey) -> Bool {
        index[key].map { slots[$0] != nil } ?? false
    }

    /// Moves the instance at `key` out; the slot stays reserved for `put` or `release`.
    mutating func take(_ key: InstanceKey) -> (instance: Instance, slot: Int)? {
        guard let slot = index[key], let instance = slots[slot].take() else { return nil }
        return (instance, slot)
    }

    /// Puts an instance back into its slot, or into a new one.
    mutating func put(_ instance: consuming Instance, slot: Int?) {
        if let slot {
            slots[slot] = instance
            return
        }
        let newSlot: Int
        if let reused = freeSlots.popLast() {
            newSlot = reused
            slots[reused] = instance
        } else {
            newSlot = slots.count
            slots.append(instance)
        }
        index[instance.key] = newSlot
    }

    /// Frees the slot of an instance that was taken out and is gone for good.
    mutating func release(_ key: InstanceKey, slot: Int) {
        index[key] = nil
        slots[slot] = nil
        freeSlots.append(slot)
    }

    /// Changes the live instance at `key` in place.
    mutating func modify(_ key: InstanceKey, _ change: (inout Instance) -> Void) {
        guard let slot = index[key], slots[slot] != nil else { return }
        change(&slots[slot]!)
    }

    /// Every live instance, in order of first appearance.
    var all: [Instance] { slots.compactMap { $0 }.sorted { $0.serial < $1.serial } }

    mutating func removeAll() {
        index.removeAll()
        slots.removeAll()
        freeSlots.removeAll()
    }
}
