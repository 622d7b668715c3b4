import Foundation
import XCTest
@testable import LifelineKit

final class InParallelTests: XCTestCase {
    func testBothResultsComeBackAndTheOtherRunsOnItsOwnThread() {
        let caller = ObjectIdentifier(Thread.current)
        let (here, other) = inParallel({ (ObjectIdentifier(Thread.current), (1...1_000).reduce(0, +)) },
                                       { (ObjectIdentifier(Thread.current), (1...10).map { $0 * $0 }) })
        XCTAssertEqual(here.1, 500_500)
        XCTAssertEqual(other.1, [1, 4, 9, 16, 25, 36, 49, 64, 81, 100])
        XCTAssertEqual(here.0, caller, "the caller's work ran where it was called")
        XCTAssertNotEqual(other.0, caller, "the other work ran on a thread of its own")
    }

    func testManyCallsInARowEachWait() {
        for round in 0..<50 {
            let (here, other) = inParallel({ round * 2 }, { String(round) })
            XCTAssertEqual(here, round * 2)
            XCTAssertEqual(other, String(round))
        }
    }
}
