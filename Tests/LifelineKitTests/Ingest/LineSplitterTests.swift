import XCTest
@testable import LifelineKit

final class LineSplitterTests: XCTestCase {
    private func lines(_ text: [UInt8], from: Int = 0) -> [(text: String, offset: Int, screened: Bool)] {
        var found: [(String, Int, Bool)] = []
        text.withUnsafeBufferPointer { bytes in
            LineSplitter.forEachLine(in: bytes, from..<bytes.count) { line, offset, screened in
                found.append((String(decoding: line, as: UTF8.self), offset, screened))
            }
        }
        return found
    }

    func testLinesLoseTheirLineEndsAndKeepTheirOffsets() {
        let found = lines(Array("a b\r\n\nlast".utf8))
        XCTAssertEqual(found.map(\.text), ["a b", "", "last"])
        XCTAssertEqual(found.map(\.offset), [0, 5, 6])
    }

    func testATrailingNewlineEndsTheLastLineAndStartsNone() {
        XCTAssertEqual(lines(Array("one\ntwo\n".utf8)).map(\.text), ["one", "two"])
        XCTAssertEqual(lines(Array("skipped\nfrom here\n".utf8), from: 8).map(\.text), ["from here"])
    }

    /// Only lines before the first non-ASCII or NUL byte are vouched for; the rest get their own check.
    func testOnlyPlainASCIILinesAreScreened() {
        let found = lines(Array("plain\ncafé\nnul \0 here\nplain again".utf8))
        XCTAssertEqual(found.map(\.screened), [true, false, false, true])
    }
}
