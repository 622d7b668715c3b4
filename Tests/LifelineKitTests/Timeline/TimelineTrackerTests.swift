import XCTest
@testable import LifelineKit

/// Instance identity, resynchronisation and attribution: the engine's own duties.
final class TimelineTrackerTests: XCTestCase {
    private func findings(_ trace: String, rule: String? = nil) throws -> [Finding] {
        try TraceFixture.analyze(trace).findings.filter { rule == nil || $0.rule == rule }
    }

    func testSameClassAtAnotherAddressIsAnotherInstance() throws {
        let outcome = try TraceFixture.analyze("""
            <Shop.CartViewController: 0x1> viewWillAppear(_:)
            <Shop.CartViewController: 0x2> viewWillAppear(_:)
            <Shop.CartViewController: 0x1> viewDidAppear(_:)
            <Shop.CartViewController: 0x2> viewDidAppear(_:)
            """)
        XCTAssertEqual(outcome.statistics.controllers, 2)
        XCTAssertTrue(outcome.findings.isEmpty)
    }

    func testAnotherPidIsAnotherProcess() throws {
        let trace = """
            2016-04-27 10:00:00.000 Shop[1:1] <Shop.A: 0x1> viewWillAppear(_:)
            2016-04-27 10:00:00.001 Shop[1:1] <Shop.A: 0x1> viewDidAppear(_:)
            2016-04-27 10:00:05.000 Shop[2:1] <Shop.A: 0x1> viewWillAppear(_:)
            2016-04-27 10:00:05.001 Shop[2:1] <Shop.A: 0x1> viewDidAppear(_:)
            """
        XCTAssertTrue(try findings(trace).isEmpty)
        XCTAssertEqual(try TraceFixture.analyze(trace).statistics.controllers, 2)
    }

    func testAddressReusedAfterDeallocStartsAFreshInstance() throws {
        let outcome = try TraceFixture.analyze("""
            <Shop.A: 0x1> viewDidLoad()
            <Shop.A: 0x1> viewWillAppear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            <Shop.A: 0x1> viewWillDisappear(_:)
            <Shop.A: 0x1> viewDidDisappear(_:)
            <Shop.A: 0x1> deinit
            <Shop.A: 0x1> viewDidLoad()
            <Shop.A: 0x1> viewWillAppear(_:)
            """)
        XCTAssertEqual(outcome.statistics.controllers, 2)
        XCTAssertEqual(outcome.findings.map(\.rule), ["unfinished-transition"])
    }

    func testAddressReuseWithoutLoggedInitOrDeallocIsNotALoadError() throws {
        XCTAssertTrue(try findings("""
            <Shop.A: 0x1> viewDidLoad()
            <Shop.A: 0x1> viewWillAppear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            <Shop.A: 0x1> viewDidLoad()
            """, rule: "load-once").isEmpty)
    }

    func testOneBadCallbackGivesOneFindingNotACascade() throws {
        let found = try findings("""
            <Shop.A: 0x1> viewWillAppear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            <Shop.A: 0x1> viewWillDisappear(_:)
            <Shop.A: 0x1> viewDidDisappear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            <Shop.A: 0x1> viewWillDisappear(_:)
            <Shop.A: 0x1> viewDidDisappear(_:)
            <Shop.A: 0x1> viewWillAppear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            """)
        XCTAssertEqual(found.map(\.line), [5])
        XCTAssertEqual(found.first?.message, "<Shop.A: 0x1> viewDidAppear without viewWillAppear (while disappeared)")
    }

    func testFirstEventOfAnInstanceSetsALooseState() throws {
        XCTAssertTrue(try findings("""
            <Shop.A: 0x1> viewWillDisappear(_:)
            <Shop.A: 0x1> viewDidDisappear(_:)
            <Shop.A: 0x1> viewWillAppear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            """).isEmpty)
    }

    func testObserverLinesBelongToTheCallbackBeforeThemOnTheSameThread() throws {
        // Thread 2's callback sits between thread 1's callback and its observer line: attribution follows the thread.
        let found = try findings("""
            2016-04-27 10:00:00.000 Shop[1:1] <Shop.A: 0x1> viewDidLoad()
            2016-04-27 10:00:00.001 Shop[1:2] <Shop.B: 0x2> viewDidLoad()
            2016-04-27 10:00:00.002 Shop[1:1] addObserver Foo
            2016-04-27 10:00:00.003 Shop[1:1] <Shop.A: 0x1> deinit
            2016-04-27 10:00:00.004 Shop[1:1] <Shop.C: 0x3> viewDidLoad()
            """, rule: "observer-balance")
        XCTAssertEqual(found.map(\.subject.ref.name), ["Shop.A"])
        XCTAssertEqual(found.first?.line, 4)
    }

    func testEvidenceShowsTheInstanceTimelineUpToTheFinding() throws {
        let found = try findings("""
            <Shop.A: 0x1> viewWillAppear(_:)
            unrelated line
            <Shop.A: 0x1> viewDidAppear(_:)
            <Shop.A: 0x1> viewWillAppear(_:)
            """, rule: "appearance-order")
        XCTAssertEqual(found.first?.evidence.map(\.line), [1, 3, 4])
        XCTAssertEqual(found.first?.subject.id, "unknown process/Shop.A@0x1#1")
    }

    func testIgnoredClassesProduceNoFindings() throws {
        var options = AnalysisOptions()
        options.ignoredClasses = ["UIInputWindowController"]
        let outcome = try TraceFixture.analyze("""
            <UIKit.UIInputWindowController: 0x1> viewDidAppear(_:)
            <UIKit.UIInputWindowController: 0x1> viewDidAppear(_:)
            <UIKit.UIInputWindowController: 0x1> viewWillAppear(_:)
            """, options: options)
        XCTAssertTrue(outcome.findings.isEmpty)
        XCTAssertEqual(outcome.statistics.ignoredEvents, 3)
    }

    func testUIKitWarningDowngradesLaterOrderErrorsOnThatController() throws {
        let found = try findings("""
            <Shop.A: 0x1> viewWillAppear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            Unbalanced calls to begin/end appearance transitions for <Shop.A: 0x1>.
            <Shop.A: 0x1> viewWillAppear(_:)
            """)
        XCTAssertEqual(found.map(\.rule), ["uikit-warning", "appearance-order", "unfinished-transition"])
        XCTAssertEqual(found[1].severity, .warning)
    }

    func testLeaksAreReportedEagerlyWhenStreaming() throws {
        var options = AnalysisOptions()
        options.settings.reportLeaksEagerly = true
        let outcome = try TraceFixture.analyze("""
            2016-04-27 10:00:00.000 Shop[1:1] <Shop.A: 0x2> deinit
            2016-04-27 10:00:01.000 Shop[1:1] <Shop.A: 0x1> didMove(toParent:) nil
            2016-04-27 10:00:09.000 Shop[1:1] something else happened
            2016-04-27 10:00:41.000 Shop[1:1] <Shop.A: 0x1> deinit
            """, options: options)
        XCTAssertEqual(outcome.findings.map(\.message), [
            "<Shop.A: 0x1> not deallocated 3 s after removal by didMove(toParent: nil): possible leak",
            "<Shop.A: 0x1> deallocated 40 s after removal at line 2 (timeout 3 s)",
        ])
    }

    /// A controller re-added after a streaming leak report and removed again is judged again, from its second
    /// removal: one conclusion does not silence it for the rest of the trace.
    func testAControllerRemovedAgainIsJudgedAgainWhenStreaming() throws {
        var options = AnalysisOptions()
        options.settings.reportLeaksEagerly = true
        let outcome = try TraceFixture.analyze("""
            2016-04-27 10:00:00.000 Shop[1:1] <Shop.A: 0x2> deinit
            2016-04-27 10:00:01.000 Shop[1:1] <Shop.A: 0x1> didMove(toParent:) nil
            2016-04-27 10:00:09.000 Shop[1:1] something else happened
            2016-04-27 10:00:10.000 Shop[1:1] <Shop.A: 0x1> didMove(toParent:) <UINavigationController: 0x9>
            2016-04-27 10:00:11.000 Shop[1:1] <Shop.A: 0x1> didMove(toParent:) nil
            2016-04-27 10:00:20.000 Shop[1:1] something else happened
            """, options: options)
        XCTAssertEqual(outcome.findings.map(\.line), [2, 5])
        XCTAssertEqual(outcome.findings.map(\.rule), ["not-deallocated", "not-deallocated"])
    }

    func testEvidenceQuotesTheLatestLinesWordForWordAfterTheRingWraps() throws {
        let lines = [
            "<Shop.A: 0x1> viewDidLoad()", "<Shop.A: 0x1> viewWillAppear(_:)", "<Shop.A: 0x1> viewDidAppear(_:)",
            "<Shop.A: 0x1> viewWillDisappear(_:)", "<Shop.A: 0x1> viewDidDisappear(_:)", "<Shop.A: 0x1> viewWillAppear(_:) again",
            "<Shop.A: 0x1> viewDidAppear(_:) again", "<Shop.A: 0x1> viewWillDisappear(_:) twice",
            "<Shop.A: 0x1> viewDidAppear(_:) out of order",
        ]
        let found = try findings(lines.joined(separator: "\n"), rule: "appearance-order")
        let evidence = try XCTUnwrap(found.first?.evidence)
        XCTAssertEqual(evidence.last?.line, 9)
        XCTAssertGreaterThan(evidence.count, 2)
        XCTAssertEqual(evidence.map(\.line), evidence.map(\.line).sorted())
        for quoted in evidence { XCTAssertEqual(quoted.text, lines[quoted.line - 1]) }
    }

    func testADeallocatedInstanceIsFinishedOnceEvenWhenLinesFollowIt() throws {
        var finished: [Int] = []
        let engine = RuleEngine(rules: RuleRegistry.all.map { $0.init() }, settings: RuleSettings()) { _ in }
        engine.onInstanceFinished = { finished.append($0.serial) }
        let ref = ControllerRef(name: "Shop.A", address: 1)
        for (line, kind) in [(1, EventKind.callback(.viewDidLoad)), (2, .callback(.dealloc)), (3, .callback(.dealloc)),
                             (4, .observerRemoved("Foo"))] {
            engine.consume(LifecycleEvent(line: line, time: nil, process: ProcessKey(name: nil, pid: nil), thread: nil,
                                          kind: kind, controller: ref, argument: nil, text: "", yearless: nil))
        }
        engine.finish()
        XCTAssertEqual(finished, [1])
    }

    func testObserverFindingsShowTheLineThatAddedTheObserver() throws {
        let found = try findings("""
            <Shop.A: 0x1> viewDidLoad()
            addObserver Keyboard
            <Shop.A: 0x1> viewWillAppear(_:)
            <Shop.A: 0x1> viewDidAppear(_:)
            <Shop.A: 0x1> viewWillLayoutSubviews()
            <Shop.A: 0x1> viewDidLayoutSubviews()
            <Shop.A: 0x1> viewWillDisappear(_:)
            <Shop.A: 0x1> viewDidDisappear(_:)
            removeObserver Keyboard
            <Shop.A: 0x1> deinit
            """, rule: "observer-balance")
        XCTAssertEqual(found.map(\.line), [8])
        XCTAssertEqual(found.first?.evidence.map(\.line), [2, 5, 6, 7, 8])
    }

    func testACallbackFromAnotherThreadWhileDeinitRunsStartsASuccessorInTheSameSlot() throws {
        let outcome = try TraceFixture.analyze("""
            2016-04-27 10:00:00.000 Shop[1:1] <Shop.A: 0x1> viewDidLoad()
            2016-04-27 10:00:00.001 Shop[1:1] <Shop.A: 0x1> deinit
            2016-04-27 10:00:00.002 Shop[1:2] <Shop.A: 0x1> viewWillAppear(_:)
            2016-04-27 10:00:00.003 Shop[1:2] <Shop.A: 0x1> viewDidAppear(_:)
            2016-04-27 10:00:00.004 Shop[1:2] <Shop.A: 0x1> viewWillAppear(_:)
            """)
        XCTAssertEqual(outcome.findings.map(\.rule), ["callback-after-dealloc", "appearance-order", "unfinished-transition"])
        XCTAssertEqual(outcome.findings.map(\.line), [3, 5, 5])
        XCTAssertEqual(outcome.statistics.controllers, 2)
    }

    /// Events after a dealloc are judged on what the tombstone keeps (`Tomb`): the dealloc's line, the evidence, being
    /// seen from birth (an observer removed), the start of the transition it died in (`slow-transition`).
    func testADeadInstanceIsJudgedOnWhatItsTombKeeps() throws {
        let found = try findings("""
            2016-04-27 10:00:00.000 Shop[1:1] <Shop.A: 0x1> viewDidLoad()
            2016-04-27 10:00:00.100 Shop[1:1] <Shop.A: 0x1> viewWillAppear(_:)
            2016-04-27 10:00:00.200 Shop[1:1] <Shop.A: 0x1> deinit
            2016-04-27 10:00:00.300 Shop[1:1] <Shop.B: 0x2> viewDidLoad()
            2016-04-27 10:00:00.400 Shop[1:1] <Shop.A: 0x1> removeObserver Foo
            2016-04-27 10:00:02.000 Shop[1:1] <Shop.A: 0x1> viewDidAppear(_:)
            """)
        XCTAssertEqual(found.map(\.rule), ["observer-balance", "callback-after-dealloc", "slow-transition"])
        XCTAssertEqual(found.map(\.message), ["<Shop.A: 0x1> removeObserver Foo without a matching addObserver",
                                              "<Shop.A: 0x1> viewDidAppear after its dealloc at line 3",
                                              "<Shop.A: 0x1> viewWillAppear → viewDidAppear took 1.9 s (threshold 1 s)"])
        XCTAssertEqual(found.map { $0.evidence.map(\.line) }, [[1, 2, 3, 5], [1, 2, 3, 5, 6], [1, 2, 3, 5, 6]])
        XCTAssertEqual(Set(found.map(\.subject.serial)), [1])
    }
}
