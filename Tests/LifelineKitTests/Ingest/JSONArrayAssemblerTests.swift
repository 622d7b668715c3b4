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

    /// Lines held as the object of a `[{` that turns out to be none are read again as ordinary lines: before, they
    /// stayed "other" lines and a callback among them was lost.
    func testHeldLinesOfAnObjectThatWasNoneAreReadAgain() throws {
        let held = "   vc1 viewDidLoad\n   vc1 viewWillAppear\n  \"pad\" : 1,\n"
        let outcome = try TraceFixture.analyze("[{\n" + held + "vc1 viewDidAppear\nvc1 viewDidAppear\n")
        XCTAssertEqual(outcome.statistics.lines, 6)
        XCTAssertEqual(outcome.statistics.events, 4, "the two held callbacks and the two after them")
        XCTAssertEqual(outcome.statistics.events + outcome.statistics.otherLines + outcome.statistics.unparseableLines, 6)
        XCTAssertEqual(outcome.findings.map(\.line), [6], "the second viewDidAppear, on its own line")
    }

    /// An object that goes on over chunks is read again from the assembler's copy, its lines numbered in the file.
    func testHeldLinesOfEarlierChunksAreReadAgainWithTheirNumbers() throws {
        let held = (1...40).map { "   vc\($0) viewDidLoad\n   vc\($0) viewDidLoad\n" }.joined()
        let text = "[{\n" + held + "vc99 viewDidAppear\n"
        for parallelism in [1, 3] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("json-array-\(UUID().uuidString).log")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var findings: [Finding] = []
            var analyzer = TraceAnalyzer(options: { var o = AnalysisOptions(); o.parallelism = parallelism; return o }())
            analyzer.blockSize = 100  // the 82 lines span many chunks
            let statistics = try analyzer.analyze(.file(url.path), observer: TraceAnalyzer.Observer { findings.append($0) })
            XCTAssertEqual(statistics.lines, 82, "parallelism \(parallelism)")
            XCTAssertEqual(statistics.events, 81, "parallelism \(parallelism)")
            XCTAssertEqual(statistics.otherLines, 1, "parallelism \(parallelism)")
            let loadTwice = Finding.sortedForOutput(findings).filter { $0.message.contains("viewDidLoad") }
            XCTAssertEqual(loadTwice.map(\.line), (1...40).map { 2 * $0 + 1 }, "each second viewDidLoad on its line")
        }
    }

    /// An object the input ends in was none either: its lines are read at the end, in one chunk or over several.
    func testHeldLinesWhereTheInputEndsAreReadAgain() throws {
        let text = "vc0 viewDidLoad\n[{\n" + (1...40).map { "   vc\($0) viewDidLoad\n   vc\($0) viewDidLoad\n" }.joined()
        for blockSize in [256 << 10, 100] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("json-array-\(UUID().uuidString).log")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            var findings: [Finding] = []
            var analyzer = TraceAnalyzer(options: AnalysisOptions())
            analyzer.blockSize = blockSize
            let statistics = try analyzer.analyze(.file(url.path), observer: TraceAnalyzer.Observer { findings.append($0) })
            XCTAssertEqual(statistics.lines, 82, "block \(blockSize)")
            XCTAssertEqual(statistics.events, 81, "block \(blockSize)")
            XCTAssertEqual(statistics.otherLines, 1, "the `[{`, block \(blockSize)")
            XCTAssertEqual(Finding.sortedForOutput(findings).map(\.line), (1...40).map { 2 * $0 + 2 }, "block \(blockSize)")
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("json-array-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var explained: [Int] = []
        try LineExplainer().explain(.file(url.path)) { explanation in
            if case .event = explanation.reading { explained.append(explanation.line) }
        }
        XCTAssertEqual(explained, [1] + Array(3...82), "explained at the end, each once")
    }

    /// `lifeline events` explains each line once, in order, a held line as what it was read as again.
    func testHeldLinesAreExplainedOnceAsReadAgain() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("json-array-\(UUID().uuidString).log")
        try Data("[{\n   vc1 viewDidLoad\n  \"pad\" : 1,\nvc1 viewWillAppear\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var explained: [(Int, Bool)] = []
        try LineExplainer().explain(.file(url.path)) { explanation in
            if case .event = explanation.reading { explained.append((explanation.line, true)) } else { explained.append((explanation.line, false)) }
        }
        XCTAssertEqual(explained.map(\.0), [1, 2, 3, 4])
        XCTAssertEqual(explained.map(\.1), [false, true, false, true])
    }

    /// However long the lines after a `[{`, the assembler holds at most one object's worth.
    func testAnObjectNeverHoldsMoreThanItsLines() {
        var assembler = JSONArrayAssembler()
        let opening = Array("[{".utf8)
        opening.withUnsafeBufferPointer { _ = assembler.feed($0, number: 1) }
        let member = Array("   x".utf8)
        var fed = 0
        var left: JSONArrayAssembler.Abandoned?
        while left == nil, fed <= JSONArrayAssembler.maxObjectLines {
            fed += 1
            if case .left(let abandoned) = member.withUnsafeBufferPointer({ assembler.feed($0, number: fed + 1) }) { left = abandoned }
        }
        XCTAssertEqual(fed, JSONArrayAssembler.maxObjectLines + 1)
        XCTAssertEqual(left?.lines.count, JSONArrayAssembler.maxObjectLines, "the lines held, handed back to be read again")
        XCTAssertEqual(left?.lines.last?.number, JSONArrayAssembler.maxObjectLines + 1)
    }
}
