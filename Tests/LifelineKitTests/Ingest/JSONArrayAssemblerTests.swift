import XCTest
@testable import LifelineKit

/// A line `[{` opens a `log show --style json` array only as far as what follows has that shape: anything else is
/// read line by line again, and one object never holds more than `maxObjectBytes`.
final class JSONArrayAssemblerTests: XCTestCase {
    /// Before, a stray `[{` switched analysis off for the rest of the input and held all of it.
    func testLinesAfterAStrayOpeningAreReadAsOrdinaryLines() throws {
        let body = String(repeating: "vc1 viewWillAppear\nvc1 viewDidAppear\nvc1 viewWillDisappear\nvc1 viewDidDisappear\n", count: 50)
            + "vc1 viewDidDisappear\n"
        let plain = try TraceFixture.analyze(body)
        let stray = try TraceFixture.analyze("[{\n" + body)
        XCTAssertEqual(stray.statistics.lines, 202)
        XCTAssertEqual(stray.statistics.events, 201, "every line but the `[{`")
        XCTAssertFalse(plain.findings.isEmpty)
        XCTAssertEqual(stray.findings.map(\.line), plain.findings.map { $0.line + 1 }, "the same findings, a line later")
    }

    func testARealArrayStillReadsAndALaterStrayLineEndsIt() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/log-json.json")
        let array = try String(contentsOf: fixture, encoding: .utf8)
        let whole = try TraceFixture.analyze(array)
        XCTAssertGreaterThan(whole.statistics.events, 0)
        let cut = array.components(separatedBy: "},{").prefix(3).joined(separator: "},{")  // inside the third object
        let outcome = try TraceFixture.analyze(cut + "\nvc9 viewDidAppear\nvc9 viewDidAppear\n")
        XCTAssertEqual(outcome.findings.filter { $0.message.contains("vc9") }.count, 1, "the lines after the cut object are read")
        XCTAssertEqual(outcome.statistics.events + outcome.statistics.otherLines + outcome.statistics.unparseableLines,
                       outcome.statistics.lines, "every line counted once")
    }

    func testAnObjectNeverHoldsMoreThanTheCap() {
        var assembler = JSONArrayAssembler()
        let opening = Array("[{".utf8)
        opening.withUnsafeBufferPointer { _ = assembler.feed($0, number: 1) }
        let member = Array("  \"pad\" : \"".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\",".utf8)
        var fed = 0
        while assembler.isInside, fed < 40 {
            fed += 1
            member.withUnsafeBufferPointer { _ = assembler.feed($0, number: fed + 1) }
        }
        XCTAssertFalse(assembler.isInside)
        XCTAssertEqual(fed, JSONArrayAssembler.maxObjectBytes >> 20, "left at the cap")
    }
}
