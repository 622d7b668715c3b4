import XCTest
@testable import LifelineKit

/// Slots stay put while their instances change, survive the storage growing, and are reused once freed.
final class InstanceTableTests: XCTestCase {
    private func instance(_ number: Int) -> Instance {
        let key = InstanceKey(process: ProcessKey(name: "Shop", pid: 4002),
                              ref: ControllerRef(name: "Shop.CartViewController", address: UInt64(0x7f00 + number * 0x200)))
        return Instance(serial: number, key: key, generation: 1, profile: 0)
    }

    func testInstancesChangeInPlaceAndSurviveGrowth() {
        let table = InstanceTable()
        let slots = (0..<300).map { table.insert(instance($0)) }
        for (number, slot) in slots.enumerated() {
            table.update(slot) { $0.lastLine = number * 10 }
        }
        for number in 0..<300 {
            XCTAssertEqual(table[instance(number).key]?.lastLine, number * 10)
            XCTAssertEqual(table.slot(of: instance(number).key), slots[number])
        }
        XCTAssertEqual(table.all.map(\.serial), Array(0..<300))
    }

    func testTheInstanceBeingChangedReadsAsAbsent() {
        let table = InstanceTable()
        let first = table.insert(instance(1))
        table.insert(instance(2))
        table.update(first) { _ in
            XCTAssertNil(table[instance(1).key])
            XCTAssertFalse(table.contains(instance(1).key))
            XCTAssertNotNil(table[instance(2).key])
        }
        XCTAssertNotNil(table[instance(1).key])
    }

    func testRemovedSlotsAreReused() {
        let table = InstanceTable()
        let slot = table.insert(instance(1))
        XCTAssertEqual(table.remove(slot).serial, 1)
        XCTAssertNil(table[instance(1).key])
        XCTAssertEqual(table.insert(instance(2)), slot)
        XCTAssertEqual(table.all.map(\.serial), [2])
    }
}
