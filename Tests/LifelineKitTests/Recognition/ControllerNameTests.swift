import Foundation
import XCTest
@testable import LifelineKit

/// References hold their names as numbers: they must compare, hash and print exactly as their strings would.
final class ControllerNameTests: XCTestCase {
    func testEqualNamesShareANumberAndOthersDoNot() {
        let cart = ControllerName("Shop.CartViewController")
        XCTAssertEqual(cart, ControllerName("Shop." + "CartViewController"))
        XCTAssertNotEqual(cart, ControllerName("Shop.HomeViewController"))
        XCTAssertNotEqual(cart, ControllerName("shop.CartViewController"), "case counts")
        XCTAssertEqual(cart.string, "Shop.CartViewController")
        XCTAssertEqual(ControllerName("").string, "")
        // Canonically equivalent strings are equal Strings, so they are one name, as they were one before.
        XCTAssertEqual(ControllerName("Caf\u{E9}VC"), ControllerName("Cafe\u{301}VC"))
    }

    func testReferencesCompareAndHashByNameAndAddress() {
        let a = ControllerRef(name: "Shop.CartViewController", address: 0x7f01)
        var renamed = a
        renamed.name = "Shop.HomeViewController"
        XCTAssertEqual(renamed.name, "Shop.HomeViewController")
        XCTAssertNotEqual(renamed, a)
        renamed.name = "Shop.CartViewController"
        XCTAssertEqual(renamed, a, "renamed back")
        XCTAssertEqual(Set([a, renamed, ControllerRef(name: "Shop.CartViewController"), ControllerRef(name: "Shop.CartViewController", address: 0x7f02)]).count, 3)
        XCTAssertEqual(a.description, "<Shop.CartViewController: 0x7f01>")
        XCTAssertEqual(a.unqualifiedName, "CartViewController")
        var text = "<Shop.CartViewController: 0x7f01>"
        let parsed = text.withUTF8 { ControllerRefParser.parseAngle($0, at: 0, limit: $0.count)?.ref }
        XCTAssertEqual(parsed, a, "a parsed reference equals one made from its string")
    }

    func testThreadsNumberEachNameOnce() {
        let names = (0..<200).map { "Shop.Screen\($0)ViewController" }
        let numbers = LockedResults([[UInt32]](repeating: [], count: 4))
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let mine = (worker % 2 == 0 ? names : names.reversed()).map { ControllerName($0).number }
            numbers.lock.withLock { numbers.value[worker] = worker % 2 == 0 ? mine : mine.reversed() }
        }
        for worker in 1..<4 { XCTAssertEqual(numbers.value[worker], numbers.value[0], "worker \(worker)") }
        XCTAssertEqual(Set(numbers.value[0]).count, names.count)
        XCTAssertEqual(numbers.value[0].map { ControllerName(number: $0).string }, names)
    }
}

/// What the test's threads found, written under `lock`.
private final class LockedResults<Value>: @unchecked Sendable {
    let lock = NSLock()
    var value: Value
    init(_ value: Value) { self.value = value }
}
