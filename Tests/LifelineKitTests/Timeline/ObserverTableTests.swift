import XCTest
@testable import LifelineKit

final class ObserverTableTests: XCTestCase {
    func testBehavesLikeADictionaryKeyedByName() {
        var table = ObserverTable()
        XCTAssertTrue(table.isEmpty)
        table["CartDidChange", default: ObserverEntry()].count += 1
        table["UserDidLogIn"] = ObserverEntry(count: 2)
        table["CartDidChange"]?.count += 1
        XCTAssertEqual(table["CartDidChange"]?.count, 2)
        XCTAssertEqual(table.map(\.key), ["CartDidChange", "UserDidLogIn"], "in the order first seen")
        table.updateAll { $0.count = 0 }
        XCTAssertEqual(table.values.map(\.count), [0, 0])
        table["CartDidChange"] = nil
        XCTAssertNil(table["CartDidChange"])
        XCTAssertEqual(table.map(\.key), ["UserDidLogIn"])
    }
}
