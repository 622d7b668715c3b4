import XCTest
@testable import LifelineKit

/// One of UIKit's messages wrapped over lines with no prefix of their own is one message, at its first line, about
/// the controller it blames; a line that names a callback goes on with no message.
final class WrappedMessageTests: XCTestCase {
    private func warnings(_ log: String) throws -> [String] {
        try TraceFixture.analyze(log).findings.filter { $0.rule == "uikit-warning" }.map { "\($0.line) \($0.subject.ref)" }
    }

    func testAMessageOverThreeLinesIsOneWarningAtItsFirstLine() throws {
        let log = "App[4781:433847] Warning: Attempt to present <UINavigationController: 0x7ff2> \n"
            + "on <App.SessionListVC: 0x7ff1> \nwhose view is not in the window hierarchy!\n"
        XCTAssertEqual(try warnings(log), ["1 <App.SessionListVC: 0x7ff1>"])
        XCTAssertEqual(try TraceFixture.analyze(log).statistics.otherLines, 2)
    }

    func testAMessageCutBeforeItsDescriptionIsStillThatMessage() throws {
        XCTAssertEqual(try warnings("Unbalanced calls to begin/end appearance transitions for\n"), ["1 (controller UIKit did not name)"])
    }

    func testALineThatNamesACallbackIsNoContinuation() throws {
        let outcome = try TraceFixture.analyze("Unbalanced calls to begin/end appearance transitions for\n<App.Home: 0x1> viewDidLoad()\n")
        XCTAssertEqual(outcome.statistics.events, 2, "the warning and the callback")
    }

    func testAMessageCutInsideItsWordsIsNoMessage() throws {
        XCTAssertEqual(try warnings("Warning: Attempt to present <A: 0x2> on\nhello\n"), [])
    }
}

/// A wrapped message is read the same wherever the chunks a file is read in (256 KB) and the pieces they are
/// parsed in (`ChunkPieces`, about 64 KB) fall, whatever the parallelism; with a prefix on its first line, it is
/// one message there too.
final class WrappedMessageAcrossPiecesTests: XCTestCase {
    /// About 400 KB of lines, with one of UIKit's messages wrapped over three lines whose first line ends `offset`
    /// bytes after `boundary` (before it when negative: a piece is cut after the line that crosses its size, a chunk
    /// before the line its block ends in).
    private func log(firstLineEndingAfter offset: Int, boundary: Int, prefixed: Bool) -> String {
        var log = ""
        var number = 0
        let header = prefixed ? "2024-03-01 10:49:46.100 App[4781:433847] " : ""
        let first = header + "Warning: Attempt to present <UINavigationController: 0x7ff2> \n"
        let start = boundary + offset - first.utf8.count  // where the message's first line starts
        while start - log.utf8.count > 200 {
            number += 1
            log += header + "Loaded row \(number) of the list\n"
        }
        log += header + String(repeating: "x", count: start - log.utf8.count - header.utf8.count - 1) + "\n"  // to the byte
        log += first + "on <App.SessionListVC: 0x7ff1> \nwhose view is not in the window hierarchy!\n"
        while log.utf8.count < 400_000 {
            number += 1
            log += header + "Loaded row \(number) of the list\n"
        }
        return log
    }

    func testAMessageAtAPieceOrChunkBoundaryIsOneWarningWhateverTheParallelism() throws {
        for boundary in [ChunkPieces.size, TraceAnalyzer(options: AnalysisOptions()).blockSize] {
            for prefixed in [true, false] {
                for offset in stride(from: -36, to: 40, by: 3) {
                    let log = log(firstLineEndingAfter: offset, boundary: boundary, prefixed: prefixed)
                    var outcomes: [[String]] = []
                    for parallelism in [1, 2] {
                        var options = AnalysisOptions()
                        options.parallelism = parallelism
                        let outcome = try TraceFixture.analyze(log, options: options)
                        outcomes.append(outcome.findings.map { "\($0.line) \($0.rule) \($0.subject.ref)" } + ["\(outcome.statistics)"])
                    }
                    let place = "boundary \(boundary), prefixed \(prefixed), offset \(offset)"
                    XCTAssertEqual(outcomes[0], outcomes[1], place)
                    if prefixed { XCTAssertEqual(outcomes[1].count, 2, "one warning, " + place) }
                }
            }
        }
    }
}
