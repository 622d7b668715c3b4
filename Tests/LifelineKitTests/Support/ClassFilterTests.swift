import XCTest
@testable import LifelineKit

final class ClassFilterTests: XCTestCase {
    func testMatchesWithAndWithoutModule() {
        var filter = ClassFilter(patterns: ["UIInputWindowController", "_UI*"])
        XCTAssertTrue(filter.matches("UIInputWindowController"))
        XCTAssertTrue(filter.matches("UIKit.UIInputWindowController"))
        XCTAssertTrue(filter.matches("_UIAlertController"))
        XCTAssertFalse(filter.matches("Shop.CartViewController"))
    }

    func testEachClassIsDecidedOnceWhateverHowManyEventsNameIt() {
        var filter = ClassFilter(patterns: (0..<100).map { "*Con*tr*oller\($0)*" })
        for _ in 0..<1_000 {
            XCTAssertFalse(filter.matches("Shop.CartViewController"))
            XCTAssertTrue(filter.matches("Shop.Controller7View"))
        }
        XCTAssertEqual(filter.namesDecided, 2)
    }

    func testDecisionsAreCappedAndStillRight() {
        var filter = ClassFilter(patterns: ["Hidden*"], decisionCapacity: 4)
        for round in 0..<3 {
            for index in 0..<10 {
                XCTAssertEqual(filter.matches("Hidden\(index)"), true, "round \(round)")
                XCTAssertEqual(filter.matches("Shown\(index)"), false, "round \(round)")
            }
        }
        XCTAssertEqual(filter.namesDecided, 60, "more names than the capacity: decided again after being forgotten")
    }

    func testNoPatternsDecidesNothing() {
        var filter = ClassFilter(patterns: [])
        XCTAssertFalse(filter.matches("Anything"))
        XCTAssertEqual(filter.namesDecided, 0)
    }
}
