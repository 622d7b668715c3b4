import XCTest
@testable import LifelineKit

final class InstanceClockTests: XCTestCase {
    func testAClockIsSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<InstanceClock>.stride, 128, "README: an instance's clock is at most 128 bytes; it is \(MemoryLayout<InstanceClock>.stride)")
    }
}
