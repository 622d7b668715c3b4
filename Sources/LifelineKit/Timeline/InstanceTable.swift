/// The live instances of a trace, each in a slot that stays put for its whole life. The engine changes an
/// instance where it lies (`update`) instead of moving its few hundred bytes out and back on every event.
///
/// Slots live in manually managed storage so that a rule may read other instances (`subscript`) while the
/// engine changes one: array storage would count that as an overlapping access.
final class InstanceTable {
    private var index = KeyIndex()
    /// Slots `0..<used` where `occupied` is true hold an initialised instance; the others are uninitialised.
    /// Not optional, so `update` projects the instance in place rather than copying it out of an `Optional`.
    private var storage: UnsafeMutablePointer<Instance>
    private var occupied: [Bool] = []
    private var capacity = 64
    private var used: Int { occupied.count }
    private var freeSlots: [Int] = []
    /// The slot `update` is changing: it reads as empty meanwhile, as if its instance were out of the table.
    private var updating: Int?

    init() { storage = .allocate(capacity: capacity) }

    deinit {
        deinitializeAll()
        storage.deallocate()
    }

    /// A copy of the live instance at `key` (nil while `update` changes it).
    subscript(key: InstanceKey) -> Instance? {
        guard let slot = index[key], slot != updating else { return nil }
        return storage[slot]
    }

    /// Whether a live instance is at `key` (and not being changed). Indexed slots always hold one.
    func contains(_ key: InstanceKey) -> Bool {
        index[key].map { $0 != updating } ?? false
    }

    /// The slot of the live instance at `key`.
    func slot(of key: InstanceKey) -> Int? { index[key] }

    /// Adds an instance in a slot of its own and returns the slot.
    @discardableResult
    func insert(_ instance: consuming Instance) -> Int {
        let key = instance.key
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            occupied[slot] = true
        } else {
            if used == capacity { grow() }
            slot = used
            occupied.append(true)
        }
        (storage + slot).initialize(to: instance)
        index[key] = slot
        return slot
    }

    /// Changes the instance in `slot` in place. `change` must not insert into the table (its storage may move).
    @discardableResult
    func update<Result>(_ slot: Int, _ change: (inout Instance) -> Result) -> Result {
        precondition(updating == nil, "one instance changes at a time")
        precondition(occupied[slot], "updating an empty slot")
        updating = slot
        defer { updating = nil }
        return change(&storage[slot])
    }

    /// Takes the instance out of `slot` for good and frees the slot.
    func remove(_ slot: Int) -> Instance {
        precondition(occupied[slot], "removing from an empty slot")
        let instance = (storage + slot).move()
        occupied[slot] = false
        index[instance.key] = nil
        freeSlots.append(slot)
        return instance
    }

    /// Changes the live instance at `key` in place.
    func modify(_ key: InstanceKey, _ change: (inout Instance) -> Void) {
        guard let slot = index[key], slot != updating else { return }
        change(&storage[slot])
    }

    /// Every live instance, in order of first appearance.
    var all: [Instance] { occupied.indices.filter { occupied[$0] }.map { storage[$0] }.sorted { $0.serial < $1.serial } }

    func removeAll() {
        deinitializeAll()
        occupied.removeAll()
        index.removeAll()
        freeSlots.removeAll()
    }

    private func deinitializeAll() {
        for slot in occupied.indices where occupied[slot] { (storage + slot).deinitialize(count: 1) }
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Instance>.allocate(capacity: capacity * 2)
        for slot in occupied.indices where occupied[slot] { (larger + slot).moveInitialize(from: storage + slot, count: 1) }
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
