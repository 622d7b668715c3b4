import XCTest
@testable import LifelineKit

/// Bytes that must neither crash the reader nor lose other lines; every line is accounted for.
final class IngestRobustnessTests: XCTestCase {
    private func assertAccounted(_ stats: TraceStatistics, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(stats.events + stats.otherLines + stats.unparseableLines, stats.lines, "every line accounted for",
                       file: file, line: line)
    }

    func testEmptyInput() throws {
        let outcome = try TraceFixture.analyze("")
        XCTAssertEqual(outcome.statistics.lines, 0)
        XCTAssertTrue(outcome.findings.isEmpty)
    }

    func testCRLFAndMissingFinalNewline() throws {
        let outcome = try TraceFixture.analyze("vc1 viewWillAppear\r\nvc1 viewDidAppear\r\nvc1 viewWillAppear")
        XCTAssertEqual(outcome.statistics.lines, 3)
        XCTAssertEqual(outcome.statistics.events, 3)
        let order = outcome.findings.filter { $0.rule == "appearance-order" }
        XCTAssertEqual(order.map(\.line), [3], "the last line, without newline, is read")
        XCTAssertEqual(order.first?.evidence.map(\.text), ["vc1 viewWillAppear", "vc1 viewDidAppear", "vc1 viewWillAppear"],
                       "carriage returns are not part of the text")
    }

    func testInvalidUTF8AndNULAreUnparseableAndOtherLinesSurvive() throws {
        var bytes = Array("vc1 viewWillAppear\n".utf8)
        bytes += [0x76, 0x63, 0x31, 0x20, 0xC0, 0xAF, 0x0A]        // invalid UTF-8
        bytes += Array("nul\u{0}here\n".utf8)
        bytes += Array("vc1 viewDidAppear\n".utf8)
        let outcome = try TraceFixture.analyze(bytes: bytes)
        XCTAssertEqual(outcome.statistics.lines, 4)
        XCTAssertEqual(outcome.statistics.events, 2)
        XCTAssertEqual(outcome.unparseable, [UnparseableLine(line: 2, reason: "invalid UTF-8"),
                                             UnparseableLine(line: 3, reason: "contains a NUL byte")])
        XCTAssertTrue(outcome.findings.isEmpty, "will→did still pairs across the bad lines")
        assertAccounted(outcome.statistics)
    }

    func testScreenedRunsStillCatchEveryBadLineAndKeepValidNonASCII() throws {
        // Long clean lines (screened 32 bytes a step) around bad ones, a valid non-ASCII event, and a NUL that
        // comes after other suspect lines, in the last line, with no final newline.
        let clean = "2016-04-27 10:49:46.694 TestMe[67943:4951489] some ordinary app logging line of text\n"
        var bytes = Array((clean + "vc1 viewWillAppear\n" + clean).utf8)
        bytes += Array("vc1 viewDidAppear ✓\n".utf8)
        bytes += Array(clean.utf8) + [0xFF, 0x0A] + Array(clean.utf8)
        bytes += Array("vc1 viewWillDisappear\n".utf8) + Array("é\n".utf8)
        bytes += Array(clean.utf8) + Array("vc1 viewDidDisappear\n".utf8) + Array("tail\u{0}".utf8)
        let outcome = try TraceFixture.analyze(bytes: bytes)
        XCTAssertEqual(outcome.statistics.lines, 12)
        XCTAssertEqual(outcome.statistics.events, 4, "the ✓ line is valid UTF-8 and still an event")
        XCTAssertEqual(outcome.unparseable, [UnparseableLine(line: 6, reason: "invalid UTF-8"),
                                             UnparseableLine(line: 12, reason: "contains a NUL byte")])
        XCTAssertTrue(outcome.findings.isEmpty)
        assertAccounted(outcome.statistics)
    }

    func testASCIIScreenFindsTheFirstNonASCIIOrNULByte() {
        var bytes = [UInt8](repeating: 0x61, count: 100)
        bytes[70] = 0xC3
        bytes[40] = 0
        bytes.withUnsafeBufferPointer { b in
            var screen = ASCIIScreen(b, end: b.count)
            XCTAssertEqual(screen.firstSuspectByte(from: 0), 40)
            XCTAssertEqual(screen.firstSuspectByte(from: 41), 70)
            XCTAssertEqual(screen.firstSuspectByte(from: 71), 100, "none left: the end")
            var short = ASCIIScreen(b, end: 39)
            XCTAssertEqual(short.firstSuspectByte(from: 3), 39, "the end bounds the search")
        }
    }

    func testLinesOfMegabytesDoNotLoseTheirNeighbours() throws {
        let long = "2016-04-27 10:49:47.000 TestMe[1:1] long: " + String(repeating: "A", count: 3 << 20)
        let outcome = try TraceFixture.analyze("vc1 viewWillAppear\n\(long)\nvc1 viewDidAppear\n")
        XCTAssertEqual(outcome.statistics.lines, 3)
        XCTAssertEqual(outcome.statistics.events, 2)
        assertAccounted(outcome.statistics)
    }

    func testLineLongerThanTheCapIsReportedNotKept() throws {
        let reader = ChunkReader(descriptor: -1, blockSize: 16, maxLineLength: 64)
        _ = reader  // the cap is exercised end to end below with a small reader through a pipe
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let payload = Array(("short\n" + String(repeating: "x", count: 200) + "\nafter\n").utf8)
        _ = payload.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let small = ChunkReader(descriptor: fds[0], blockSize: 16, maxLineLength: 64)
        var parser = ChunkParser()
        var total = ParsedChunk()
        while let chunk = try small.next() {
            let parsed = parser.parse(chunk)
            total.lineCount += parsed.lineCount
            total.otherLines += parsed.otherLines
            total.unparseable += parsed.unparseable
        }
        close(fds[0])
        XCTAssertEqual(total.lineCount, 3)
        XCTAssertEqual(total.otherLines, 2)
        XCTAssertEqual(total.unparseable.count, 1)
    }

    func testEdgeCasesSampleFromTheFormatsFolder() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/edge-cases.log")
        let outcome = try TraceFixture.analyze(bytes: Array(try Data(contentsOf: url)))
        XCTAssertEqual(outcome.statistics.lines, 30)
        XCTAssertEqual(outcome.unparseable.map(\.line), [4, 5])
        assertAccounted(outcome.statistics)
    }

    func testJSONStyleArrayBecomesOneRecordPerObject() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/log-json.json")
        let outcome = try TraceFixture.analyze(bytes: Array(try Data(contentsOf: url)))
        XCTAssertEqual(outcome.statistics.events, 6)
        XCTAssertEqual(outcome.statistics.controllers, 2)
        assertAccounted(outcome.statistics)
    }

    /// `lifeline events` explains every line of a `--style json` array once, in order: a record on its message
    /// line (as an event or another line), every other line as structure.
    func testJSONStyleArrayIsExplainedOnceALine() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/log-json.json")
        let lineCount = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().count
        final class Seen { var lines: [Int] = []; var events: [Int] = []; var texts: [Int: String] = [:] }
        let seen = Seen()
        try LineExplainer().explain(.file(url.path)) { explanation in
            seen.lines.append(explanation.line)
            seen.texts[explanation.line] = explanation.text
            if case .event = explanation.reading { seen.events.append(explanation.line) }
        }
        XCTAssertEqual(seen.lines, Array(1...lineCount), "each line once, in order")
        XCTAssertEqual(seen.events.count, 6)
        for line in seen.events { XCTAssertFalse(seen.texts[line]?.contains("\"eventMessage\"") ?? true, "the record's message, not its JSON line") }
    }

    func testClassicMacLineEndingsGiveTheSameFindingsAsNewlines() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleTraces/observer-leak.log")
        let lf = Array(try Data(contentsOf: url))
        let cr = lf.map { $0 == ASCII.newline ? ASCII.carriageReturn : $0 }
        let crlf = lf.flatMap { $0 == ASCII.newline ? [ASCII.carriageReturn, ASCII.newline] : [$0] }
        let expected = try TraceFixture.analyze(bytes: lf)
        XCTAssertFalse(expected.findings.isEmpty)
        for (name, bytes) in [("CR", cr), ("CRLF", crlf)] {
            let outcome = try TraceFixture.analyze(bytes: bytes)
            XCTAssertEqual(outcome.statistics.lines, expected.statistics.lines, name)
            XCTAssertEqual(outcome.statistics.events, expected.statistics.events, name)
            XCTAssertEqual(outcome.findings.map(\.line), expected.findings.map(\.line), name)
            XCTAssertEqual(outcome.findings.map(\.message), expected.findings.map(\.message), name)
            XCTAssertEqual(outcome.findings.flatMap(\.evidence).map(\.text), expected.findings.flatMap(\.evidence).map(\.text), name)
        }
    }

    func testCarriageReturnsAreSplitAcrossReadsAndBesideNewlines() throws {
        // A CR at the end of one read may be half of a CRLF; CR CR LF is an empty line between two.
        let lines = try readLines("a\rbb\r\ncc\r\r\nd\re", blockSize: 2)
        XCTAssertEqual(lines, ["a", "bb", "cc", "", "d", "e"])
        XCTAssertEqual(try readLines("one\r", blockSize: 4), ["one"], "a final CR ends the last line")
        XCTAssertEqual(try readLines("x\r\n\ry\n", blockSize: 16), ["x", "", "y"])
    }

    /// The lines a small `ChunkReader` cuts from `text` sent through a pipe, without their line endings.
    private func readLines(_ text: String, blockSize: Int) throws -> [String] {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        _ = Array(text.utf8).withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        let reader = ChunkReader(descriptor: fds[0], blockSize: blockSize)
        var bytes: [UInt8] = []
        while let chunk = try reader.next() { bytes += chunk.bytes }
        var lines = bytes.split(separator: ASCII.newline, omittingEmptySubsequences: false).map {  // bytes: "\r\n" is one Character
            String(decoding: $0.last == ASCII.carriageReturn ? $0.dropLast() : $0, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    func testAFileTruncatedWhileBeingReadIsAnErrorNotAShorterTrace() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(UUID().uuidString).log")
        try Data(String(repeating: "vc1 viewWillAppear\n", count: 100).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try TraceInput.file(url.path).reader(blockSize: 64, follow: false, writerPatience: 0, shouldStop: { false })
        XCTAssertNotNil(try reader.next())
        XCTAssertEqual(truncate(url.path, 10), 0)
        XCTAssertThrowsError(try { while try reader.next() != nil {} }()) { error in
            XCTAssertEqual(error as? IngestError, .truncatedWhileReading(64))
        }
    }

    func testAFileDeletedWhileBeingReadIsReadToItsEnd() throws {
        // The open descriptor keeps the whole file readable: nothing is lost, so this is no error.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(UUID().uuidString).log")
        try Data(String(repeating: "vc1 viewWillAppear\n", count: 100).utf8).write(to: url)
        let reader = try TraceInput.file(url.path).reader(blockSize: 64, follow: false, writerPatience: 0, shouldStop: { false })
        var bytes = try XCTUnwrap(reader.next()).bytes
        try FileManager.default.removeItem(at: url)
        while let chunk = try reader.next() { bytes += chunk.bytes }
        XCTAssertEqual(bytes.count, 1900)
    }
}
