import XCTest
@testable import LifelineKit

final class TimingFormatTests: XCTestCase {
    /// A value wider than its column (a duration of days, a count of millions) keeps a space before it: the
    /// `stats` columns never run together.
    func testColumnsNeverRunTogether() {
        XCTAssertEqual(TimingFormat.padLeft("3.00 ms", 11), "    3.00 ms")
        let huge = TimingFormat.duration(86_400_000_000 * 400)
        XCTAssertEqual(huge, "34560000.0 s")
        XCTAssertEqual(TimingFormat.padLeft(huge, 11), " " + huge)
        let row = TimingFormat.padLeft("12345678", 6) + TimingFormat.padLeft(huge, 11) + TimingFormat.padLeft(huge, 11)
        XCTAssertEqual(row.split(separator: " "), ["12345678", "34560000.0", "s", "34560000.0", "s"], row)
    }
}
