import XCTest
@testable import LifelineKit

/// The store finds a key with an address by its address and pid alone, and checks the names only on a match.
final class IdleStoreTests: XCTestCase {
    private func instance(_ name: String, address: UInt64?, pid: Int32, serial: Int) -> Instance {
        var instance = Instance(serial: serial, key: Self.key(name, address: address, pid: pid), generation: 1, profile: 0)
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
        for instance in instances { XCTAssertTrue(store.insert(instance)) }
        XCTAssertEqual(store.count, instances.count)
        for instance in instances { XCTAssertEqual(store.instance(instance.key), instance) }

        XCTAssertNil(store.instance(Self.key("Shop.AViewController", address: 0x7f01, pid: 300)), "another launch")
        XCTAssertNil(store.instance(Self.key("Shop.DViewController", address: 0x7f01, pid: 100)), "another class")
        XCTAssertNil(store.instance(Self.key("Shop.AViewController", address: nil, pid: 100)), "the class as a label")
        XCTAssertNil(store.instance(Self.key("vc1", address: 0x7f01, pid: 100)), "the label with an address")

        for (index, instance) in instances.enumerated() where index % 2 == 0 { XCTAssertEqual(store.remove(instance.key), instance) }
        for (index, instance) in instances.enumerated() {
            XCTAssertEqual(store.instance(instance.key), index % 2 == 0 ? nil : instance, "\(instance.key)")
        }
        XCTAssertEqual(store.count, instances.count / 2)
    }
}
