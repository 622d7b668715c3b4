import XCTest
@testable import LifelineKit

/// An open transition at the very end of a trace may be a cut capture (an info); one the trace went on after is a
/// stall (a warning).
final class UnfinishedTransitionRuleTests: XCTestCase {
    static let opened = """
        2024-03-01 09:59:00.000 Shop[1:1] <Shop.Cart: 0x1> viewWillDisappear(_:)
        2024-03-01 09:59:00.300 Shop[1:1] <Shop.Cart: 0x1> viewDidDisappear(_:)
        2024-03-01 10:00:00.000 Shop[1:1] <Shop.Cart: 0x1> viewWillAppear(_:)
        2024-03-01 10:00:00.300 Shop[1:1] <Shop.Cart: 0x1> viewDidAppear(_:)
        2024-03-01 10:00:05.000 Shop[1:1] <Shop.Cart: 0x1> viewWillDisappear(_:)

        """

    func testATransitionOpenWhenTheCaptureEndsIsAnInfo() throws {
        let outcome = try TraceFixture.analyze(Self.opened)
        XCTAssertEqual(outcome.findings.map(\.severity), [.info])
        XCTAssertTrue(outcome.findings[0].message.hasSuffix("(its process's log ends right after it: a cut capture?)"), outcome.findings[0].message)
    }

    func testATransitionTheTraceWentOnAfterIsAWarning() throws {
        let later = "2024-03-01 10:00:09.000 Shop[1:1] <Shop.List: 0x2> viewWillAppear(_:)\n"
            + "2024-03-01 10:00:09.300 Shop[1:1] <Shop.List: 0x2> viewDidAppear(_:)\n"
        let outcome = try TraceFixture.analyze(Self.opened + later)
        XCTAssertEqual(outcome.findings.filter { $0.rule == "unfinished-transition" }.map(\.severity), [.warning])
    }

    /// A relaunch (another pid) days later does not make the first process's open transition a stall: its log
    /// stopped right after it.
    func testATransitionOpenWhenItsProcessStopsLoggingIsAnInfoWhateverComesAfter() throws {
        let relaunch = "2024-03-04 09:00:00.000 Shop[2:1] <Shop.List: 0x2> viewWillAppear(_:)\n"
            + "2024-03-04 09:00:00.300 Shop[2:1] <Shop.List: 0x2> viewDidAppear(_:)\n"
        let outcome = try TraceFixture.analyze(Self.opened + relaunch)
        XCTAssertEqual(outcome.findings.filter { $0.rule == "unfinished-transition" }.map(\.severity), [.info])
    }

    func testWithoutTimestampsNothingTellsACutCapture() throws {
        let cut = "<Shop.Cart: 0x1> viewDidDisappear(_:)\n<Shop.Cart: 0x1> viewWillAppear(_:)\n<Shop.Cart: 0x1> viewDidAppear(_:)\n"
            + "<Shop.Cart: 0x1> viewWillDisappear(_:)\n"
        XCTAssertEqual(try TraceFixture.analyze(cut).findings.map(\.severity), [.warning])
    }
}
