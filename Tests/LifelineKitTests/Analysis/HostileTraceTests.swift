import XCTest
@testable import LifelineKit

/// Traces whose clocks lie, whose processes interleave, or that begin mid-session: events are ordered by their
/// position in the input, time serves only for durations (never negative), and nothing is concluded from a clock
/// jump alone or from what happened before the trace began.
final class HostileTraceTests: XCTestCase {
    private let cart = "<Shop.CartViewController: 0x7fa1c8d0a200>"
    private let detail = "<Shop.DetailViewController: 0x7fa1c8d0b400>"

    private func nslog(_ time: String, _ message: String, pid: Int = 4089, process: String = "Shop") -> String {
        "2016-04-27 \(time) \(process)[\(pid):361037] \(message)\n"
    }

    /// Every finding, as `line: [rule] message`.
    private func findings(_ trace: String, streaming: Bool = false) throws -> [String] {
        var options = AnalysisOptions()
        options.settings.reportLeaksEagerly = streaming  // as --follow judges leaks, without waiting on a file
        return try TraceFixture.analyze(trace, options: options).findings.map { "\($0.line): [\($0.rule)] \($0.message)" }
    }

    /// A controller pushed and popped, then deallocated: no finding when its times are honest.
    private func pushAndPop(_ times: [String]) -> String {
        let callbacks = ["viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "willMove(toParent:) nil", "viewWillDisappear(_:)",
                         "viewDidDisappear(_:)", "didMove(toParent:) nil", "deinit"]
        return zip(times, callbacks).map { nslog($0, "\(detail) \($1)") }.joined()
    }

    func testAClockSteppingBackIsNeitherAnOrderNorADuration() throws {
        // The clock is set back an hour between viewWillAppear and viewDidAppear, and again before deinit.
        let trace = pushAndPop(["10:00:00.000", "10:00:00.100", "09:00:00.200", "09:00:05.000", "09:00:05.100", "09:00:05.300",
                                "09:00:05.301", "08:00:00.000"])
        XCTAssertEqual(try findings(trace), [])
        XCTAssertEqual(try findings(trace, streaming: true), [])
    }

    func testAClockJumpingForwardCannotBeToldFromTimePassing() throws {
        // An hour between the pop and deinit, with no line between: a log cannot say whether the app sat idle for an
        // hour or the clock was moved, so the delay is reported as the log states it (a warning to look at).
        let trace = pushAndPop(["10:00:00.000", "10:00:00.100", "10:00:00.200", "10:00:05.000", "10:00:05.100", "10:00:05.300",
                                "10:00:05.301", "11:00:05.302"])
        XCTAssertEqual(try findings(trace), ["8: [not-deallocated] \(detail) deallocated 3600 s after removal at line 7 (timeout 3 s)"])
    }

    func testDeviceSyslogWithoutAYearCrossesNewYear() throws {
        let trace = """
            Dec 31 23:59:50 iPhone Shop[123] <Notice>: \(cart) viewWillAppear(_:)
            Jan  1 00:00:10 iPhone Shop[123] <Notice>: \(cart) viewDidAppear(_:)
            Jan  1 00:00:11 iPhone Shop[123] <Notice>: \(cart) viewWillDisappear(_:)
            Jan  1 00:00:11 iPhone Shop[123] <Notice>: \(cart) viewDidDisappear(_:)

            """
        XCTAssertEqual(try findings(trace), ["2: [slow-transition] \(cart) viewWillAppear → viewDidAppear took 20 s (threshold 1 s)"],
                       "twenty seconds, not a year backwards")
    }

    func testLinesWithATimeOfDayButNoDateAreNotTimedAcrossMidnight() throws {
        let trace = "23:59:59.900 \(cart) viewWillAppear(_:)\n00:00:00.100 \(cart) viewDidAppear(_:)\n"
        XCTAssertEqual(try findings(trace), [])
        XCTAssertEqual(try TraceFixture.analyze(trace).statistics.events, 2)
    }

    func testMixedTimeZonesAreComparedInUTC() throws {
        // One instant logged by two tools, one in Pacific time, one in Central European time: 0.2 s apart.
        let trace = """
            2024-03-01 10:00:00.000000-0800 0x4b8a41 Default 0x0 4089 0 Shop: \(cart) viewWillAppear(_:)
            2024-03-01 19:00:00.200000+0100 0x4b8a41 Default 0x0 4089 0 Shop: \(cart) viewDidAppear(_:)

            """
        XCTAssertEqual(try findings(trace), [])
    }

    func testTwoProcessesOfOneAppAndAnExtensionAreSeparateTimelines() throws {
        // The same address in two runs of the app (pids 100 and 200) and in its widget, interleaved line by line.
        var trace = ""
        for callback in ["viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)", "viewDidDisappear(_:)"] {
            trace += nslog("10:00:00.000", "\(cart) \(callback)", pid: 100)
            trace += nslog("10:00:00.000", "\(cart) \(callback)", pid: 200)
            trace += nslog("10:00:00.000", "\(cart) \(callback)", pid: 300, process: "ShopWidget")
            trace += nslog("10:00:00.000", "vc1 \(callback)", pid: 100)
            trace += nslog("10:00:00.000", "vc1 \(callback)", pid: 300, process: "ShopWidget")
        }
        let outcome = try TraceFixture.analyze(trace)
        XCTAssertEqual(outcome.findings.map(\.message), [])
        XCTAssertEqual(outcome.statistics.controllers, 5)
    }

    func testATraceThatStartsMidSessionFlagsNothingFromBeforeItBegan() throws {
        // Logging began while the cart was on screen with an observer registered, inside a container.
        let trace = nslog("10:00:00.000", "\(cart) viewDidDisappear(_:)")
            + nslog("10:00:00.001", "removeObserver CartDidChange")
            + nslog("10:00:00.002", "\(detail) didMove(toParent:) <Shop.ContainerViewController: 0x7fa1c8d0c600>")
            + nslog("10:00:00.003", "\(detail) viewDidAppear(_:)")
            + nslog("10:00:01.000", "\(cart) viewWillAppear(_:)")
            + nslog("10:00:01.001", "addObserver CartDidChange")
            + nslog("10:00:01.300", "\(cart) viewDidAppear(_:)")
            + nslog("10:00:02.000", "\(cart) viewWillDisappear(_:)")
            + nslog("10:00:02.300", "\(cart) viewDidDisappear(_:)")
            + nslog("10:00:02.301", "removeObserver CartDidChange")
        XCTAssertEqual(try findings(trace), [])
        let statistics = try TraceFixture.analyze(trace).statistics
        XCTAssertEqual(statistics.events, 10, "every line is read, observers included")
        XCTAssertEqual(statistics.controllers, 2)
    }
}
