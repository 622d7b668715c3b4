/// The instances in full form (those not at rest, and those that rested only briefly), each in a slot that
/// stays put for its whole life, so the tracker changes an instance where it lies instead of moving its few
/// hundred bytes out and back on every event.
struct InstanceTable {
    private var index = KeyIndex()
    /// A free slot holds `vacant`, or the instance last moved to rest from it (`moveToRest`) until the slot is used
    /// again. Not `[Instance?]`: reading an instance through an optional copied its few hundred bytes and retained its
    /// references on every access.
    private var slots: [Instance] = []
    private var occupied: [Bool] = []
    private var freeSlots: [Int] = []
    private(set) var count = 0

    /// What a free slot holds: no instance of any trace (serial -1).
    private static let vacant = Instance(serial: -1, key: InstanceKey(process: ProcessKey(name: nil, pid: nil), ref: ControllerRef(name: "")),
                                         generation: 0, profile: 0)

    /// The instance in `slot` (which must be occupied).
    subscript(slot: Int) -> Instance {
        _read { yield slots[slot] }  // lent, not copied: an instance holds a dozen references
        _modify { yield &slots[slot] }
    }

    /// The instance at `key`, if any.
    subscript(key: InstanceKey) -> Instance? { index[key].map { slots[$0] } }

    /// The instance in `slot`, nil for a free slot.
    func instance(in slot: Int) -> Instance? { occupied[slot] ? slots[slot] : nil }

    /// The slot of the instance at `key`.
    func slot(of key: InstanceKey) -> Int? { index[key] }

    func contains(_ key: InstanceKey) -> Bool { index[key] != nil }

    /// Adds an instance in a slot of its own and returns the slot. Consumed: moved into its slot, not copied there
    /// and then destroyed by the caller.
    @discardableResult
    mutating func insert(_ instance: consuming Instance) -> Int {
        let key = instance.key
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = consume instance
            occupied[slot] = true
        } else {
            slot = slots.count
            slots.append(consume instance)
            occupied.append(true)
        }
        index[key] = slot
        count += 1
        return slot
    }

    /// Takes the instance out of `slot` for good and frees the slot.
    mutating func remove(_ slot: Int) -> Instance {
        precondition(occupied[slot], "removing from an empty slot")
        free(slot)
        var instance = Self.vacant
        swap(&instance, &slots[slot])  // moved out, not copied
        return instance
    }

    /// Moves the instance in `slot` into `idle` when it can rest there (`IdleStore.insert`, after `restObservers`) and
    /// `busy` does not hold its key, and frees the slot; false leaves it where it is. Asked where it lies: through the
    /// subscript, each question copied the instance, references and all. The instance stays in the freed slot until
    /// the slot is used again, so no placeholder is copied in.
    mutating func moveToRest(_ slot: Int, into idle: inout IdleStore, unless busy: [InstanceKey], facts: borrowing TimelineFacts) -> Bool {
        guard lending(&slots[slot], { IdleInstance.canHold($0) && !busy.contains($0.key) }), slots[slot].restObservers(),
              lending(&slots[slot], { idle.insert($0, facts: facts) }) else { return false }
        free(slot)
        return true
    }

    /// Marks `slot` free and forgets its instance's key; the instance itself is left in the slot.
    private mutating func free(_ slot: Int) {
        occupied[slot] = false
        index[slots[slot].key] = nil
        freeSlots.append(slot)
        count -= 1
    }

    /// The occupied slots, in no particular order.
    var occupiedSlots: [Int] { occupied.indices.filter { occupied[$0] } }

    mutating func removeAll() {
        self = InstanceTable()
    }
}

/// Lends `value` to `body` where it lies: the inout access makes it exclusive, so the compiler need not copy it to
/// be sure it stays unchanged while `body` borrows it (an instance passed from its slot otherwise was).
@inline(__always)
func lending<Value, Result>(_ value: inout Value, _ body: (Value) -> Result) -> Result {
    body(value)
}
