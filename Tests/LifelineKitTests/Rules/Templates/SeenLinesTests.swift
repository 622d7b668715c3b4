import XCTest
@testable import LifelineKit

final class SeenLinesTests: XCTestCase {
    private func keep(_ text: String, in lines: inout SeenLines) -> SeenLines.Slot {
        var text = text
        return text.withUTF8 { lines.keep($0) }
    }

    func testKeptLinesReadBackAsKept() {
        var lines = SeenLines()
        let short = keep("2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillAppear(_:)", in: &lines)
        let empty = keep("", in: &lines)
        let long = String(repeating: "é", count: SeenLines.slotSize)  // 512 bytes: longer than a slot
        let kept = keep(long, in: &lines)
        XCTAssertEqual(lines.text(short), "2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillAppear(_:)")
        XCTAssertEqual(lines.text(empty), "")
        XCTAssertEqual(lines.text(kept), long)
    }

    func testReleasedSlotsAreReusedWithoutDisturbingOthers() {
        var lines = SeenLines()
        let first = keep("first", in: &lines)
        let second = keep(String(repeating: "x", count: 300), in: &lines)
        lines.release(first)
        lines.release(second)
        let third = keep(String(repeating: "y", count: 400), in: &lines)  // takes the second's slot, long again
        let fourth = keep("fourth", in: &lines)  // takes the first's
        let fifth = keep("fifth", in: &lines)  // a new slot
        XCTAssertEqual(lines.text(third), String(repeating: "y", count: 400))
        XCTAssertEqual(lines.text(fourth), "fourth")
        XCTAssertEqual(lines.text(fifth), "fifth")
        lines.release(third)
        let sixth = keep("short now", in: &lines)  // a long line's slot reused for a short one
        XCTAssertEqual(lines.text(sixth), "short now")
        XCTAssertEqual(lines.text(fourth), "fourth")
    }
}
