import XCTest
@testable import LifelineKit

/// Tombstones answer "was something deallocated at this key?", forget the oldest first when full, and give
/// each key back once.
final class TombstoneStoreTests: XCTestCase {
    private var facts = TimelineFacts()

    private func instance(_ number: Int, generation: Int = 1) -> Instance {
        let key = InstanceKey(process: ProcessKey(name: "Shop", pid: 4002),
                              ref: ControllerRef(name: "Shop.CartViewController", address: UInt64(0x7f00 + number * 0x200)))
        return Instance(serial: number, key: key, generation: generation, profile: facts.profile(for: key.ref))
    }

    /// A deallocated instance comes back with what a later event at its key reads (`Tomb`): its identity, its
    /// dealloc, its evidence, whether it was seen from birth and the start of the transition it died in. Resting
    /// observers are dropped (a later add or remove reads only its own count); the rest is as in a new instance.
    func testADeadInstanceComesBackWithWhatALaterEventReads() {
        var store = TombstoneStore(capacity: 10)
        var dead = instance(1)
        dead.seenFromBirth = true
        dead.viewDidLoadLine = 2
        dead.appearance = .appearing
        dead.appearanceKnown = true
        dead.everAppeared = true
        dead.willAppear = Mark(line: 7, time: TraceTime(microseconds: 42, hasOffset: true), callback: .viewWillAppear)
        dead.willDisappear = Mark(line: 5, time: nil, callback: .viewWillDisappear)
        dead.lastAppearanceCallback = .viewWillAppear
        dead.dealloc = Mark(line: 9, time: TraceTime(microseconds: 99, hasOffset: true), callback: .dealloc)
        dead.observers["Keyboard"] = ObserverEntry(count: 0, addedIn: .viewDidLoad, addedLine: 3, addedText: "addObserver Keyboard")
        dead.loggedCallbacks.insert(.viewDidLoad)
        dead.loggedCallbacks.insert(.dealloc)
        dead.evidence = 17
        dead.lastLine = 9
        store.insert(dead)
        XCTAssertEqual(store.counts.compact, 1)
        XCTAssertEqual(store.counts.whole, 0)

        var remains = instance(1)
        remains.seenFromBirth = true
        remains.appearance = .appearing
        remains.willAppear = dead.willAppear
        remains.dealloc = Mark(line: 9, time: nil, callback: .dealloc)
        remains.loggedCallbacks.insert(.dealloc)
        remains.evidence = 17
        remains.lastLine = 9
        XCTAssertEqual(store.remove(dead.key, facts: facts), remains)
        XCTAssertEqual(store.counts.compact + store.counts.whole, 0)
    }

    /// One with an observer still registered is kept whole, and comes back as it went in.
    func testADeadInstanceWithARegisteredObserverIsKeptWhole() {
        var store = TombstoneStore(capacity: 10)
        var registered = instance(2)
        registered.dealloc = Mark(line: 12, time: nil, callback: .dealloc)
        registered.observers["Cart"] = ObserverEntry(count: 1, addedIn: .viewWillAppear, addedLine: 10, addedText: "addObserver Cart")
        registered.lastLine = 12
        store.insert(registered)
        XCTAssertEqual(store.counts.compact, 0)
        XCTAssertEqual(store.counts.whole, 1)
        XCTAssertEqual(store.remove(registered.key, facts: facts), registered)
        XCTAssertEqual(store.counts.whole, 0)
    }

    /// The bytes held per deallocated instance (record, table share, free list and place in the burial order) with the
    /// store full, and once as many again have been buried and the oldest forgotten, under README's bound.
    func testADeadInstanceKeepsAboutAHundredBytes() {
        let capacity = 100_000
        var store = TombstoneStore(capacity: capacity)
        func bury(_ number: Int) {
            var dead = instance(number + 1)
            dead.dealloc = Mark(line: number * 7 + 6, time: nil, callback: .dealloc)
            dead.evidence = number * 7 + 6
            dead.lastLine = number * 7 + 6
            store.insert(dead)
        }
        for number in 0..<capacity { bury(number) }
        XCTAssertEqual(store.counts.compact, capacity)
        XCTAssertEqual(MemoryLayout<Tomb>.stride, 56)
        XCTAssertLessThanOrEqual(Double(store.retainedBytes) / Double(capacity), 96, "README's bound, full")
        for number in capacity..<(capacity * 5 / 2) { bury(number) }
        XCTAssertEqual(store.counts.compact, capacity)
        XCTAssertLessThanOrEqual(Double(store.retainedBytes) / Double(capacity), 96, "README's bound, after turnover")
    }

    func testRemoveGivesBackTheBuriedInstanceOnce() {
        var store = TombstoneStore(capacity: 10)
        store.insert(instance(1))
        XCTAssertEqual(store.remove(instance(1).key, facts: facts)?.serial, 1)
        XCTAssertNil(store.remove(instance(1).key, facts: facts))
        XCTAssertNil(store.remove(instance(2).key, facts: facts))
    }

    func testReburyingAKeyKeepsTheNewestInstance() {
        var store = TombstoneStore(capacity: 10)
        store.insert(instance(1, generation: 1))
        store.insert(instance(1, generation: 2))
        XCTAssertEqual(store.remove(instance(1).key, facts: facts)?.generation, 2)
    }

    func testTheOldestAreForgottenFirstWhenFull() {
        var store = TombstoneStore(capacity: 100)
        for number in 0..<250 { store.insert(instance(number)) }
        for number in 0..<150 { XCTAssertNil(store.remove(instance(number).key, facts: facts), "\(number) was evicted") }
        for number in 150..<250 { XCTAssertEqual(store.remove(instance(number).key, facts: facts)?.serial, number) }
    }

    /// A key taken back leaves its place in the order of burial: when that place comes around, it evicts whatever is
    /// buried at the key then, before older tombs.
    func testThePlaceOfAKeyTakenBackEvictsWhatIsBuriedThereLater() {
        var store = TombstoneStore(capacity: 2)
        store.insert(instance(1))
        store.insert(instance(2))
        XCTAssertNotNil(store.remove(instance(1).key, facts: facts))
        store.insert(instance(1, generation: 2))
        store.insert(instance(3))
        XCTAssertNil(store.remove(instance(1).key, facts: facts))
        XCTAssertEqual(store.remove(instance(2).key, facts: facts)?.serial, 2)
        XCTAssertEqual(store.remove(instance(3).key, facts: facts)?.serial, 3)
    }

    func testKeysTakenBackAndBuriedAgainStayBounded() {
        var store = TombstoneStore(capacity: 50)
        for round in 0..<20_000 {
            let number = round % 80
            _ = store.remove(instance(number).key, facts: facts)
            store.insert(instance(number, generation: round))
        }
        let kept = (0..<80).filter { store.remove(instance($0).key, facts: facts) != nil }.count
        XCTAssertEqual(kept, 50, "the capacity holds")
    }
}
