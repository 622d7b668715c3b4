import XCTest
@testable import LifelineKit

/// The engine's key index must behave exactly like a dictionary through any mix of inserts, updates and
/// removals (removal shifts probe chains, the part most easily got wrong), for addresses and labels alike.
final class KeyIndexTests: XCTestCase {
    private func key(_ number: Int) -> InstanceKey {
        let process = ProcessKey(name: "Shop", pid: Int32(number % 3))
        if number % 5 == 0 { return InstanceKey(process: process, ref: ControllerRef(name: "vc\(number)")) }
        return InstanceKey(process: process, ref: ControllerRef(name: "Shop.CartViewController", address: UInt64(0x7f00 + number * 0x200)))
    }

    /// Inserts, updates and removes random keys among `count` in both an index and a dictionary; `check` is called
    /// now and then with both.
    private func exercise(keys key: (Int) -> InstanceKey, count: Int, steps: Int, seed: UInt64,
                          check: (KeyIndex, [InstanceKey: Int], Int) -> Void = { _, _, _ in }) -> (KeyIndex, [InstanceKey: Int]) {
        var index = KeyIndex()
        var model: [InstanceKey: Int] = [:]
        var random = LinearCongruential(seed: seed)
        for step in 0..<steps {
            let key = key(Int(random.next() % UInt64(count)))
            if random.next() % 3 == 0 {
                index[key] = nil
                model[key] = nil
            } else {
                index[key] = step
                model[key] = step
            }
            if step % 997 == 0 { check(index, model, step) }
        }
        return (index, model)
    }

    func testMatchesADictionaryThroughRandomInsertsUpdatesAndRemovals() {
        let (index, model) = exercise(keys: key, count: 600, steps: 20_000, seed: 42) { index, model, step in
            for number in 0..<600 { XCTAssertEqual(index[self.key(number)], model[self.key(number)], "key \(number) at step \(step)") }
        }
        XCTAssertEqual(index.count, model.count)
        for number in 0..<600 { XCTAssertEqual(index[key(number)], model[key(number)]) }
        XCTAssertGreaterThan(model.count, 100, "the table grew past its first size")
    }

    /// An address comes back for other classes, of the same name length or not: those keys share hashes or chains.
    func testKeysSharingAnAddressStayApart() {
        let names = ["Shop.CartViewController", "Shop.HomeViewController", "Shop.OrderHistoryViewController", "Shop.Tab", "UINavigationController"]
        func key(_ number: Int) -> InstanceKey {
            InstanceKey(process: ProcessKey(name: "Shop", pid: 4002),
                        ref: ControllerRef(name: names[number % names.count], address: UInt64(0x7f00 + (number / names.count) * 0x200)))
        }
        let (index, model) = exercise(keys: key, count: 200, steps: 10_000, seed: 7)
        for number in 0..<200 { XCTAssertEqual(index[key(number)], model[key(number)], "key \(number)") }
        XCTAssertEqual(index.count, model.count)
    }

    func testEmptiesAndRefills() {
        var index = KeyIndex()
        for number in 0..<200 { index[key(number)] = number }
        for number in 0..<200 { index[key(number)] = nil }
        XCTAssertEqual(index.count, 0)
        for number in 0..<200 { XCTAssertNil(index[key(number)]) }
        index[key(7)] = 70
        XCTAssertEqual(index[key(7)], 70)
    }
}

/// A small deterministic generator, so a failure replays.
private struct LinearCongruential {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
