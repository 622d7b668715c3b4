import XCTest
@testable import LifelineKit

/// The store finds a key with an address by its address and pid alone, and checks the names only on a match.
final class IdleStoreTests: XCTestCase {
    private var facts = TimelineFacts()

    private func instance(_ name: String, address: UInt64?, pid: Int32, serial: Int) -> Instance {
        let key = Self.key(name, address: address, pid: pid)
        var instance = Instance(serial: serial, key: key, generation: 1, profile: facts.profile(for: key.ref))
        instance.lastLine = serial
        return instance
    }

    private static func key(_ name: String, address: UInt64?, pid: Int32) -> InstanceKey {
        InstanceKey(process: ProcessKey(name: "Shop", pid: pid), ref: ControllerRef(name: name, address: address))
    }

    /// Objects of three classes at one address in two launches, two labels and enough others to make long probe
    /// chains: each is found by its own key, before and after half of them leave, and no other key finds one.
    func testKeysSharingAnAddressAreToldApart() {
        var instances: [Instance] = []
        for pid in [100, 200] as [Int32] {
            for name in ["Shop.AViewController", "Shop.BViewController", "Shop.CViewController"] {
                instances.append(instance(name, address: 0x7f01, pid: pid, serial: instances.count + 1))
            }
        }
        for label in ["vc1", "vc2"] { instances.append(instance(label, address: nil, pid: 100, serial: instances.count + 1)) }
        for number in 0..<500 {
            instances.append(instance("Shop.ListViewController", address: 0x9000 + UInt64(number) * 16, pid: 100, serial: instances.count + 1))
        }
        var store = IdleStore()
        for instance in instances { XCTAssertTrue(store.insert(instance, facts: facts)) }
        XCTAssertEqual(store.count, instances.count)
        for instance in instances { XCTAssertEqual(store.instance(instance.key, facts: facts), instance) }

        XCTAssertNil(store.instance(Self.key("Shop.AViewController", address: 0x7f01, pid: 300), facts: facts), "another launch")
        XCTAssertNil(store.instance(Self.key("Shop.DViewController", address: 0x7f01, pid: 100), facts: facts), "another class")
        XCTAssertNil(store.instance(Self.key("Shop.AViewController", address: nil, pid: 100), facts: facts), "the class as a label")
        XCTAssertNil(store.instance(Self.key("vc1", address: 0x7f01, pid: 100), facts: facts), "the label with an address")

        for (index, instance) in instances.enumerated() where index % 2 == 0 { XCTAssertEqual(store.remove(instance.key, facts: facts), instance) }
        for (index, instance) in instances.enumerated() {
            XCTAssertEqual(store.instance(instance.key, facts: facts), index % 2 == 0 ? nil : instance, "\(instance.key)")
        }
        XCTAssertEqual(store.count, instances.count / 2)
    }

    /// The end of the trace visits records in serial order, whether serials are dense (placed by serial) or sparse
    /// (sorted), and after removals left free records to reuse.
    func testRecordsComeInSerialOrder() {
        for spacing in [1, 1_000] {
            var store = IdleStore()
            var serials: [Int] = []
            for number in 0..<300 {
                let serial = 1 + ((number * 37) % 300) * spacing  // inserted out of order
                serials.append(serial)
                XCTAssertTrue(store.insert(instance("Shop.ListViewController", address: 0x9000 + UInt64(number) * 16, pid: 100, serial: serial), facts: facts))
            }
            for number in stride(from: 0, to: 300, by: 3) {
                _ = store.remove(Self.key("Shop.ListViewController", address: 0x9000 + UInt64(number) * 16, pid: 100), facts: facts)
                serials[number] = 0
            }
            XCTAssertTrue(store.insert(instance("vc1", address: nil, pid: 100, serial: 301 * spacing), facts: facts))  // reuses a free record
            serials.append(301 * spacing)
            let visited = store.recordsBySerial.map { store.instance(record: $0, facts: facts).serial }
            XCTAssertEqual(visited, serials.filter { $0 != 0 }.sorted(), "spacing \(spacing)")
            XCTAssertEqual(Set(store.recordsBySerial).count, visited.count, "each record once")
        }
    }
}
