import XCTest
@testable import LifelineKit

final class EvidenceRingTests: XCTestCase {
    private func remember(_ text: String, line: Int, in ring: inout EvidenceRing) {
        var copy = text
        copy.withUTF8 { ring.remember(line: line, bytes: $0) }
    }

    func testKeepsTheLatestLinesOldestFirstWordForWord() {
        var ring = EvidenceRing(depth: 3)
        XCTAssertEqual(ring.lines, [])
        for line in 1...5 { remember(String(repeating: "x", count: line * 60) + " \(line)", line: line, in: &ring) }
        XCTAssertEqual(ring.lines.map(\.line), [3, 4, 5])
        XCTAssertEqual(ring.lines.map(\.text), (3...5).map { String(repeating: "x", count: $0 * 60) + " \($0)" },
                       "slots grow for longer lines and keep each line whole")
        remember("short", line: 6, in: &ring)
        XCTAssertEqual(ring.lines.map(\.text).last, "short", "a shorter line reuses a slot without its old tail")
        remember("", line: 7, in: &ring)
        XCTAssertEqual(ring.lines.map(\.line), [5, 6, 7])
        XCTAssertEqual(ring.lines.last?.text, "")
    }

    func testCopiesDoNotSeeEachOthersLines() {
        var first = EvidenceRing(depth: 3)
        remember("a", line: 1, in: &first)
        remember("b", line: 2, in: &first)
        var second = first
        remember("c", line: 3, in: &second)
        remember("d", line: 4, in: &second)
        XCTAssertEqual(first.lines.map(\.text), ["a", "b"])
        XCTAssertEqual(second.lines.map(\.text), ["b", "c", "d"])
        remember("e", line: 5, in: &first)
        XCTAssertEqual(first.lines.map(\.text), ["a", "b", "e"])
        XCTAssertEqual(second.lines.map(\.text), ["b", "c", "d"])
    }
}
