import XCTest
@testable import LifelineKit

/// The interner gives back the string of the bytes it is shown, whatever it holds: names that differ in one byte,
/// or only in length, stay apart through its last-name shortcut and its table, and a full table starts afresh.
final class StringInternerTests: XCTestCase {
    private func intern(_ interner: inout StringInterner, _ text: String) -> String {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { interner.intern(Bytes($0), 0..<$0.count) }
    }

    func testNamesDifferingInOneByteOrInLengthStayApart() {
        var interner = StringInterner(capacity: 64)
        for length in 0...12 {
            let name = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0))) })
            XCTAssertEqual(intern(&interner, name), name)
            for position in 0..<length {  // right after the name, so the last-name shortcut compares them
                var other = Array(name.utf8)
                other[position] = UInt8(ascii: "Z")
                let changed = String(decoding: other, as: UTF8.self)
                XCTAssertEqual(intern(&interner, name), name)
                XCTAssertEqual(intern(&interner, changed), changed)
            }
            XCTAssertEqual(intern(&interner, name), name)
            XCTAssertEqual(intern(&interner, name + "x"), name + "x")
            XCTAssertEqual(intern(&interner, String(name.dropLast())), String(name.dropLast()))
        }
    }

    func testAFullTableStartsAfreshAndStillAnswers() {
        var interner = StringInterner(capacity: 4)
        let names = (0..<20).map { "Process\($0)" }
        for _ in 0..<3 {
            for name in names { XCTAssertEqual(intern(&interner, name), name) }
        }
        var uncached = StringInterner.uncached
        XCTAssertEqual(intern(&uncached, "Shop"), "Shop")
    }

    /// Marks stay with their string: `held` finds them without adding the string, a string never marked has none,
    /// and a table started afresh forgets them.
    func testMarksStayWithTheirStringUntilTheTableStartsAfresh() {
        var interner = StringInterner(capacity: 4)
        func held(_ text: String) -> UInt8? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { interner.held(Bytes($0), 0..<$0.count)?.marks }
        }
        func mark(_ text: String, _ marks: UInt8) {
            var bytes = Array(text.utf8)
            bytes.withUnsafeMutableBufferPointer { interner.mark(Bytes($0), 0..<$0.count, marks) }
        }
        XCTAssertNil(held("HomeVC"), "nothing is made by asking")
        mark("HomeVC", 1)
        _ = intern(&interner, "CartVC")
        XCTAssertEqual(held("HomeVC"), 1)
        XCTAssertEqual(held("CartVC"), 0)
        mark("HomeVC", 2)
        XCTAssertEqual(held("HomeVC"), 3)
        XCTAssertNil(held("HomeV"))
        for name in ["A", "B", "C"] { _ = intern(&interner, name) }  // the fifth string starts the table afresh
        XCTAssertNil(held("HomeVC"))
    }
}
