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

    /// Process names are numbered by the same registry: a key the parser makes from a prefixed line or a decoded
    /// record equals the key made from the name's string, and gives the string back.
    func testProcessKeysCompareByNameAndPid() {
        let shop = ProcessKey(name: "Shop", pid: 4001)
        XCTAssertEqual(shop, ProcessKey(name: "Sh" + "op", pid: 4001))
        XCTAssertNotEqual(shop, ProcessKey(name: "Shop", pid: 4002))
        XCTAssertNotEqual(shop, ProcessKey(name: "Shops", pid: 4001))
        XCTAssertNotEqual(ProcessKey(name: nil, pid: 4001), ProcessKey(name: "", pid: 4001), "no name is not an empty name")
        XCTAssertEqual(Set([shop, ProcessKey(name: "Shop", pid: 4001), ProcessKey(name: "Shop", pid: nil)]).count, 2)
        XCTAssertEqual(shop.name, "Shop")
        XCTAssertEqual(shop.description, "Shop[4001]")
        var renamed = shop
        renamed.name = "Mail"
        XCTAssertEqual(renamed.description, "Mail[4001]")
        renamed.name = nil
        XCTAssertNil(renamed.name)
        XCTAssertEqual(renamed.description, "unknown process")

        let log = "2024-03-04 09:00:00.001000+0100 Shop[4001:361037] <Shop.CartViewController: 0x7f01> viewDidLoad\n"
            + #"{"eventMessage":"<Shop.CartViewController: 0x7f01> viewWillAppear","processImagePath":"/x/Shop.app/Shop","processID":4001}"#
            + "\n"
        var parser = ChunkParser()
        XCTAssertEqual(parser.parse(Chunk(bytes: Array(log.utf8))).events.map(\.process), [shop, shop])
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
