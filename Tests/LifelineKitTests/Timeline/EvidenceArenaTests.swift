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

    /// A file in memory, read back as `FileRereader` reads one; `changed` bytes differ from what was lent.
    private struct MemoryFile: LineRereader {
        var bytes: [UInt8]
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            offset + count <= bytes.count ? Array(bytes[offset..<(offset + count)]) : Array(bytes[min(offset, bytes.count)...])
        }
    }

    /// The lines of `lines` joined as a file, and where each starts in it.
    private func file(_ lines: [String]) -> (bytes: [UInt8], starts: [Int]) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for line in lines {
            starts.append(bytes.count)
            bytes += Array(line.utf8) + [10]
        }
        return (bytes, starts)
    }

    /// What the arena promises, kept naively: every line, each counting 20 bytes plus its own, and a line is held
    /// while fewer than `capacity` bytes were counted after its start.
    private struct Model {
        let capacity: Int
        var lines: [(start: Int, line: EvidenceLine, previous: Int?)] = []
        var end = 0

        mutating func append(_ line: Int, _ text: String, after previous: Int?) -> Int {
            lines.append((end, EvidenceLine(line: line, text: text), previous))
            end += 20 + text.utf8.count
            return lines.count - 1
        }

        func lines(endingAt newest: Int?, depth: Int) -> [EvidenceLine] {
            var found: [EvidenceLine] = [], at = newest
            while let index = at, found.count < depth, lines[index].start >= end - capacity {
                found.insert(lines[index].line, at: 0)
                at = lines[index].previous
            }
            return found
        }
    }

    /// Lines lent from a chunk of a re-readable file are kept as offsets and read back from the file, and copied
    /// lines are kept too, each for as long as the model says. Four instances log often and a fifth seldom, so its
    /// older lines lie thousands of records back: the ring of records grows to keep those that still count.
    func testLinesKeptAsFileOffsetsOrCopiesAreHeldAsLongAsPromised() {
        let lines = (1...12_000).map { number in "line \(number) " + String(repeating: "z", count: number * 13 % 40) }
        let (bytes, starts) = file(lines)
        var byOffset = EvidenceArena(capacity: 1 << 18, file: MemoryFile(bytes: bytes))
        var copied = EvidenceArena(capacity: 1 << 18)
        var model = Model(capacity: 1 << 18)
        var newest: [(byOffset: EvidenceArena.Position?, copied: EvidenceArena.Position?, model: Int?)] = Array(repeating: (nil, nil, nil), count: 5)
        var seldomHeld = Set<Int>()
        bytes.withUnsafeBufferPointer { file in
            byOffset.lend(file, fileOffset: 0)
            for (index, line) in lines.enumerated() {
                let instance = index % 1000 == 0 ? 4 : index % 4
                let range = starts[index]..<(starts[index] + line.utf8.count)
                newest[instance].byOffset = byOffset.append(line: index + 1, bytes: Bytes(rebasing: file[range]), after: newest[instance].byOffset)
                newest[instance].copied = append(&copied, index + 1, line, after: newest[instance].copied)
                newest[instance].model = model.append(index + 1, line, after: newest[instance].model)
                guard index % 97 == 0 || index > 11_990 else { continue }
                for instance in 0..<5 {
                    let promised = model.lines(endingAt: newest[instance].model, depth: 6)
                    XCTAssertEqual(byOffset.lines(endingAt: newest[instance].byOffset, depth: 6), promised, "instance \(instance) after line \(index + 1)")
                    XCTAssertEqual(copied.lines(endingAt: newest[instance].copied, depth: 6), promised, "instance \(instance) after line \(index + 1)")
                    if instance == 4 { seldomHeld.insert(promised.count) }
                }
            }
        }
        XCTAssertTrue(seldomHeld.contains { $0 >= 5 }, "the seldom instance kept lines 4,000 records back: \(seldomHeld.sorted())")
        XCTAssertEqual(byOffset.lines(endingAt: 0, depth: 6), [], "the first line went by long ago")
    }

    /// A line whose bytes in the file changed since it was read is not quoted, nor the lines before it; a line
    /// not in the lent chunk is copied.
    func testChangedLinesAreNotQuotedAndLinesOutsideTheChunkAreCopied() {
        let (bytes, starts) = file(["first line", "second line", "third line"])
        var changed = bytes
        changed[starts[1] + 2] = UInt8(ascii: "X")
        var arena = EvidenceArena(capacity: 4096, file: MemoryFile(bytes: changed))
        var newest: EvidenceArena.Position?
        bytes.withUnsafeBufferPointer { file in
            arena.lend(file, fileOffset: 0)
            for index in 0..<3 {
                let range = starts[index]..<(bytes[starts[index]...].firstIndex(of: 10)!)
                newest = arena.append(line: index + 1, bytes: Bytes(rebasing: file[range]), after: newest)
            }
        }
        XCTAssertEqual(arena.lines(endingAt: newest, depth: 6), [EvidenceLine(line: 3, text: "third line")])
        arena.lend(Bytes(start: nil, count: 0), fileOffset: nil)
        newest = append(&arena, 4, "not in the file", after: newest)
        XCTAssertEqual(arena.lines(endingAt: newest, depth: 6), [EvidenceLine(line: 3, text: "third line"), EvidenceLine(line: 4, text: "not in the file")])
    }

    /// The ring of records grows only as far as the records that count need: a power of two, at least 4,096.
    /// Lines of 140, 30 and 4 bytes count 160, 50 and 24 bytes each: a 256 KiB bound holds at most 1,639, 5,243 and
    /// 10,923 of them at once.
    func testTheRingOfRecordsGrowsOnlyAsFarAsNeeded() {
        for (length, expected) in [(140, 4096), (30, 8192), (4, 16384)] {
            var arena = EvidenceArena(capacity: 1 << 18)
            var newest: EvidenceArena.Position?
            let text = String(repeating: "v", count: length)
            for line in 1...40_000 { newest = append(&arena, line, text, after: line % 2 == 0 ? newest : nil) }
            XCTAssertEqual(arena.recordSlots, expected, "lines of \(length) bytes")
            XCTAssertEqual(arena.lines(endingAt: newest, depth: 6).map(\.line), [39_999, 40_000])
        }
    }
}
