/// The instances in full form (those not at rest, and those that rested only briefly), each in a slot that
/// stays put for its whole life, so the tracker changes an instance where it lies instead of moving its few
/// hundred bytes out and back on every event.
struct InstanceTable {
    private var index = KeyIndex()
    /// nil for a free slot.
    private var slots: [Instance?] = []
    private var freeSlots: [Int] = []
    private(set) var count = 0

    /// The instance in `slot` (which must be occupied).
    subscript(slot: Int) -> Instance {
        _read { yield slots[slot]! }  // lent, not copied: an instance holds a dozen references
        _modify { yield &slots[slot]! }
    }

    /// The instance at `key`, if any.
    subscript(key: InstanceKey) -> Instance? { index[key].flatMap { slots[$0] } }

    /// The instance in `slot`, nil for a free slot.
    func instance(in slot: Int) -> Instance? { slots[slot] }

    /// The slot of the instance at `key`.
    func slot(of key: InstanceKey) -> Int? { index[key] }

    func contains(_ key: InstanceKey) -> Bool { index[key] != nil }

    /// Adds an instance in a slot of its own and returns the slot.
    @discardableResult
    mutating func insert(_ instance: Instance) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = instance
        } else {
            slot = slots.count
            slots.append(instance)
        }
        index[instance.key] = slot
        count += 1
        return slot
    }

    /// Takes the instance out of `slot` for good and frees the slot.
    mutating func remove(_ slot: Int) -> Instance {
        guard let instance = slots[slot].take() else { preconditionFailure("removing from an empty slot") }
        index[instance.key] = nil
        freeSlots.append(slot)
        count -= 1
        return instance
    }

    /// The occupied slots, in no particular order.
    var occupiedSlots: [Int] { slots.indices.filter { slots[$0] != nil } }

    mutating func removeAll() {
        self = InstanceTable()
    }
}
