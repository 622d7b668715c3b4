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
