import XCTest
@testable import LifelineKit

final class LineStoreTests: XCTestCase {
    func testLinesReadBackExactlyAcrossBlocks() {
        var store = LineStore()
        // Lines of many lengths, several blocks' worth, and one longer than a block, which gets a block of its own.
        var lines = (0..<5_000).map { index in String(repeating: Character(UnicodeScalar(UInt8(65 + index % 26))), count: index % 700) + "é\(index)" }
        lines.insert(String(repeating: "x", count: LineStore.blockSize + 3), at: 2_500)
        let refs = lines.map { line in
            var line = line
            return line.withUTF8 { store.append($0) }
        }
        XCTAssertGreaterThan(lines.reduce(0) { $0 + $1.utf8.count }, 2 * LineStore.blockSize)
        XCTAssertEqual(refs.map { store.string($0) }, lines)
    }

    func testEmptyLine() {
        var store = LineStore()
        let ref = store.append(Bytes(start: nil, count: 0))
        XCTAssertEqual(store.string(ref), "")
    }
}
