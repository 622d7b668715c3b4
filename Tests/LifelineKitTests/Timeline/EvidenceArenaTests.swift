import XCTest
@testable import LifelineKit

final class EvidenceArenaTests: XCTestCase {
    /// Appends `text` as line `line` after `previous`.
    private func append(_ arena: inout EvidenceArena, _ line: Int, _ text: String, after previous: EvidenceArena.Position?) -> EvidenceArena.Position {
        Array(text.utf8).withUnsafeBufferPointer { arena.append(line: line, bytes: $0, after: previous) }
    }

    func testRecordsAcrossTheRingsEndReadBackWhole() {
        var arena = EvidenceArena(capacity: 4096)
        var newest: EvidenceArena.Position?
        var written: [EvidenceLine] = []
        // Lines of 1 to 96 bytes: 300 records go round the 4 KB ring several times, so some straddle its end.
        for line in 1...300 {
            let text = String(repeating: Character(UnicodeScalar(UInt8(65 + line % 26))), count: 1 + line * 7 % 96)
            newest = append(&arena, line, text, after: newest)
            written.append(EvidenceLine(line: line, text: text))
            XCTAssertEqual(arena.lines(endingAt: newest, depth: 6), Array(written.suffix(6)), "after line \(line)")
        }
    }

    func testOverwrittenRecordsAreNotRead() {
        var arena = EvidenceArena(capacity: 4096)
        let old = append(&arena, 1, "old line", after: nil)
        var newest: EvidenceArena.Position?
        for line in 2...100 { newest = append(&arena, line, String(repeating: "x", count: 60), after: newest) }
        XCTAssertEqual(arena.lines(endingAt: old, depth: 6), [], "8,000 newer bytes went by in a 4 KB ring")
        XCTAssertEqual(arena.lines(endingAt: newest, depth: 2).map(\.line), [99, 100])
    }

    func testLinesLongerThanAnEighthOfTheRingAreCut() {
        var arena = EvidenceArena(capacity: 4096)
        let position = append(&arena, 7, String(repeating: "y", count: 2000), after: nil)
        XCTAssertEqual(arena.lines(endingAt: position, depth: 6), [EvidenceLine(line: 7, text: String(repeating: "y", count: 512))])
    }
}
