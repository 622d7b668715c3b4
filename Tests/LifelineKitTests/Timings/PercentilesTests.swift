import XCTest
@testable import LifelineKit

final class PercentilesTests: XCTestCase {
    func testNearestRankPicksAMeasuredValue() throws {
        let values: [Int64] = (1...10).map { Int64($0) * 100 }.shuffled()
        let distribution = try XCTUnwrap(Distribution(samples: values))
        XCTAssertEqual(distribution.count, 10)
        XCTAssertEqual(distribution.p50, 500, "rank ⌈0.5 × 10⌉ = 5")
        XCTAssertEqual(distribution.p90, 900, "rank ⌈0.9 × 10⌉ = 9")
        XCTAssertEqual(distribution.p99, 1000, "rank ⌈0.99 × 10⌉ = 10")
        XCTAssertEqual(distribution.max, 1000)
        XCTAssertEqual(distribution.min, 100)
    }

    func testSmallAndLargeCounts() throws {
        XCTAssertNil(Distribution(samples: []))
        let one = try XCTUnwrap(Distribution(samples: [42]))
        XCTAssertEqual([one.p50, one.p90, one.p99, one.max], [42, 42, 42, 42])
        let hundredAndOne = try XCTUnwrap(Distribution(samples: (1...101).map(Int64.init)))
        XCTAssertEqual(hundredAndOne.p50, 51, "rank ⌈50.5⌉ = 51")
        XCTAssertEqual(hundredAndOne.p99, 100, "rank ⌈99.99⌉ = 100")
    }
}
