import XCTest
@testable import LifelineKit

/// Tombstones answer "was something deallocated at this key?", forget the oldest first when full, and give
/// each key back once.
final class TombstoneStoreTests: XCTestCase {
    private func instance(_ number: Int, generation: Int = 1) -> Instance {
        let key = InstanceKey(process: ProcessKey(name: "Shop", pid: 4002),
                              ref: ControllerRef(name: "Shop.CartViewController", address: UInt64(0x7f00 + number * 0x200)))
        return Instance(serial: number, key: key, generation: generation, profile: 0)
    }

    /// A deallocated instance comes back as it went in, in whatever state it died, kept compact unless an observer is
    /// still registered (then it is kept whole).
    func testADeadInstanceComesBackAsItWentInAndIsKeptCompact() {
        var store = TombstoneStore(capacity: 10)
        var dead = instance(1)
        dead.viewDidLoadLine = 2
        dead.appearance = .appeared
        dead.appearanceKnown = true
        dead.everAppeared = true
        dead.willAppear = Mark(line: 3, time: TraceTime(microseconds: 42, hasOffset: true), callback: .viewWillAppear)
        dead.lastAppearanceCallback = .viewDidAppear
        dead.dealloc = Mark(line: 9, time: nil, callback: .dealloc)
        dead.observers["Keyboard"] = ObserverEntry()
        dead.loggedCallbacks.insert(.viewDidLoad)
        dead.evidence = 17
        dead.lastLine = 9
        store.insert(dead)
        var registered = instance(2)
        registered.dealloc = Mark(line: 12, time: nil, callback: .dealloc)
        registered.observers["Cart"] = ObserverEntry(count: 1, addedIn: .viewWillAppear, addedLine: 10, addedText: "addObserver Cart")
        store.insert(registered)
        XCTAssertEqual(store.counts.compact, 1)
        XCTAssertEqual(store.counts.whole, 1)
        XCTAssertEqual(store.remove(dead.key), dead)
        XCTAssertEqual(store.remove(registered.key), registered)
        XCTAssertEqual(store.counts.compact + store.counts.whole, 0)
    }

    /// The bytes a compact tomb takes in its array, under README's bound (a whole instance takes twice that inline,
    /// and its observers, evidence and names besides).
    func testACompactTombIsSmall() {
        XCTAssertLessThanOrEqual(TombstoneStore.bytesPerCompactTomb, 160, "README's bound")
    }

    func testRemoveGivesBackTheBuriedInstanceOnce() {
        var store = TombstoneStore(capacity: 10)
        store.insert(instance(1))
        XCTAssertEqual(store.remove(instance(1).key)?.serial, 1)
        XCTAssertNil(store.remove(instance(1).key))
        XCTAssertNil(store.remove(instance(2).key))
    }

    func testReburyingAKeyKeepsTheNewestInstance() {
        var store = TombstoneStore(capacity: 10)
        store.insert(instance(1, generation: 1))
        store.insert(instance(1, generation: 2))
        XCTAssertEqual(store.remove(instance(1).key)?.generation, 2)
    }

    func testTheOldestAreForgottenFirstWhenFull() {
        var store = TombstoneStore(capacity: 100)
        for number in 0..<250 { store.insert(instance(number)) }
        for number in 0..<150 { XCTAssertNil(store.remove(instance(number).key), "\(number) was evicted") }
        for number in 150..<250 { XCTAssertEqual(store.remove(instance(number).key)?.serial, number) }
    }

    func testKeysTakenBackAndBuriedAgainStayBounded() {
        var store = TombstoneStore(capacity: 50)
        for round in 0..<20_000 {
            let number = round % 80
            _ = store.remove(instance(number).key)
            store.insert(instance(number, generation: round))
        }
        let kept = (0..<80).filter { store.remove(instance($0).key) != nil }.count
        XCTAssertEqual(kept, 50, "the capacity holds")
    }
}
