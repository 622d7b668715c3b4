import XCTest
@testable import LifelineKit

/// Slots stay put while their instances change, survive the storage growing, and are reused once freed.
final class InstanceTableTests: XCTestCase {
    private var facts = TimelineFacts()

    private func instance(_ number: Int) -> Instance {
        let key = InstanceKey(process: ProcessKey(name: "Shop", pid: 4002),
                              ref: ControllerRef(name: "Shop.CartViewController", address: UInt64(0x7f00 + number * 0x200)))
        return Instance(serial: number, key: key, generation: 1, profile: facts.profile(for: key.ref))
    }

    func testInstancesChangeInPlaceAndSurviveGrowth() {
        var table = InstanceTable()
        let slots = (0..<300).map { table.insert(instance($0)) }
        for (number, slot) in slots.enumerated() { table[slot].lastLine = number * 10 }
        for number in 0..<300 {
            XCTAssertEqual(table[instance(number).key]?.lastLine, number * 10)
            XCTAssertEqual(table.slot(of: instance(number).key), slots[number])
        }
        XCTAssertEqual(table.count, 300)
        XCTAssertEqual(Set(table.occupiedSlots), Set(slots))
    }

    func testRemovedSlotsAreReused() {
        var table = InstanceTable()
        let slot = table.insert(instance(1))
        XCTAssertEqual(table.remove(slot).serial, 1)
        XCTAssertNil(table[instance(1).key])
        XCTAssertFalse(table.contains(instance(1).key))
        XCTAssertEqual(table.insert(instance(2)), slot)
        XCTAssertEqual(table.occupiedSlots.map { table[$0].serial }, [2])
    }

    func testInstancesAtRestMoveToTheIdleStoreAndFreeTheirSlots() {
        var table = InstanceTable()
        var idle = IdleStore()
        let resting = table.insert(instance(1)), busy = table.insert(instance(2)), appeared = table.insert(instance(3))
        table[resting].lastLine = 42
        table[appeared].appearance = .appeared
        XCTAssertTrue(table.moveToRest(resting, into: &idle, unless: [instance(2).key], facts: facts))
        XCTAssertFalse(table.moveToRest(busy, into: &idle, unless: [instance(2).key], facts: facts), "a callback body is open on it")
        XCTAssertFalse(table.moveToRest(appeared, into: &idle, unless: [], facts: facts), "on screen: not at rest")
        XCTAssertEqual(idle.instance(instance(1).key, facts: facts)?.lastLine, 42)
        XCTAssertEqual(idle.count, 1)
        XCTAssertNil(table.slot(of: instance(1).key))
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(Set(table.occupiedSlots), [busy, appeared])
        XCTAssertEqual(table.insert(instance(4)), resting, "the freed slot is used again")
        XCTAssertEqual(table[resting].serial, 4)
    }
}
