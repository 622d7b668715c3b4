import XCTest
@testable import LifelineKit

/// Read to its end (not followed), a file whose last line has no newline ends with a whole line: it is read and
/// counted once, however the file is cut into chunks and pieces, and whatever ends the lines before it.
final class LastLineTests: XCTestCase {
    private let lines = ["2016-04-27 10:53:00.100 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0b600> viewDidLoad()",
                         "2016-04-27 10:53:00.101 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0b600> viewWillAppear(_:)",
                         "2016-04-27 10:53:00.400 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0b600> viewDidAppear(_:)",
                         "2016-04-27 10:53:06.000 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0b600> viewDidAppear(_:)"]

    func testALastLineWithoutNewlineIsOneWholeLine() throws {
        for ending in ["\n", "\r\n"] {
            for last in ["", "\r", ending] {
                let text = lines.joined(separator: ending) + last
                for (parallelism, blockSize) in [(1, 256 << 10), (1, 37), (3, 256 << 10), (3, 37)] {
                    let context = "ending \(ending.debugDescription), last \(last.debugDescription), parallelism \(parallelism), block \(blockSize)"
                    let (statistics, findings) = try analyze(text, parallelism: parallelism, blockSize: blockSize)
                    XCTAssertEqual(statistics.lines, 4, context)
                    XCTAssertEqual(statistics.events, 4, context)
                    XCTAssertEqual(statistics.otherLines + statistics.unparseableLines, 0, context)
                    XCTAssertEqual(statistics.bytes, text.utf8.count, context)
                    XCTAssertEqual(findings.map(\.line), [4], "the repeated viewDidAppear on the last line: \(context)")
                }
            }
        }
    }

    /// Cut inside its callback name, the last line is read as it is: the half word is no event.
    func testACutLastLineIsReadAsItIs() throws {
        let text = lines.joined(separator: "\n") + "\n" + lines[3].dropLast(8)
        let (statistics, findings) = try analyze(text, parallelism: 1, blockSize: 256 << 10)
        XCTAssertEqual(statistics.lines, 5)
        XCTAssertEqual(statistics.events, 4)
        XCTAssertEqual(statistics.otherLines + statistics.unparseableLines, 1)
        XCTAssertEqual(findings.map(\.line), [4])
    }

    private func analyze(_ text: String, parallelism: Int, blockSize: Int) throws -> (TraceStatistics, [Finding]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("last-line-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var options = AnalysisOptions()
        options.parallelism = parallelism
        var analyzer = TraceAnalyzer(options: options)
        analyzer.blockSize = blockSize
        var findings: [Finding] = []
        let statistics = try analyzer.analyze(.file(url.path), observer: TraceAnalyzer.Observer { findings.append($0) })
        return (statistics, Finding.sortedForOutput(findings))
    }
}
