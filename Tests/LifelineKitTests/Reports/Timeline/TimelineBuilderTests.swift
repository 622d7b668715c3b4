import XCTest
@testable import LifelineKit

final class TimelineBuilderTests: XCTestCase {
    func testLaneFollowsTheAppearanceStatesUntilDealloc() throws {
        let trace = try TimelineFixture.timeline("""
        2016-04-27 10:49:46.000 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> init(nibName:bundle:)
        2016-04-27 10:49:46.100 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()
        2016-04-27 10:49:46.696 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)
        2016-04-27 10:49:47.211 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewDidAppear(_:)
        2016-04-27 10:49:52.002 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewWillDisappear(_:)
        2016-04-27 10:49:52.510 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> viewDidDisappear(_:)
        2016-04-27 10:49:52.530 Shop[4089:361037] <Shop.CartViewController: 0x7fa1c8d0a200> deinit
        """)
        XCTAssertEqual(trace.timeBase, .clock(origin: TraceTime(microseconds: 1_461_754_186_000_000, hasOffset: false)))
        let lane = try XCTUnwrap(trace.lanes.first)
        XCTAssertEqual(trace.lanes.count, 1)
        XCTAssertEqual(lane.label, "Shop.CartViewController 0x7fa1c8d0a200")
        XCTAssertEqual(lane.segments, [
            LaneSegment(state: .created, start: 0, end: 100_000),
            LaneSegment(state: .loaded, start: 100_000, end: 696_000),
            LaneSegment(state: .appearing, start: 696_000, end: 1_211_000),
            LaneSegment(state: .appeared, start: 1_211_000, end: 6_002_000),
            LaneSegment(state: .disappearing, start: 6_002_000, end: 6_510_000),
            LaneSegment(state: .disappeared, start: 6_510_000, end: 6_530_000),
            LaneSegment(state: .deallocated, start: 6_530_000, end: 6_530_000),
        ])
        XCTAssertEqual(lane.events.map(\.name), ["init", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
                                                  "viewDidDisappear", "dealloc"])
        XCTAssertEqual(lane.events.map(\.line), Array(1...7))
        XCTAssertEqual([trace.start, trace.end], [0, 6_530_000])
    }

    func testTraceWithoutTimestampsUsesLineNumbers() throws {
        let trace = try TimelineFixture.timeline("""
        some other line
        vc1 viewDidLoad
        vc1 viewWillAppear
        vc1 viewDidAppear
        """)
        XCTAssertEqual(trace.timeBase, .lines)
        XCTAssertEqual([trace.start, trace.end], [2, 4])
        XCTAssertEqual(trace.lanes.first?.segments, [
            LaneSegment(state: .loaded, start: 2, end: 3), LaneSegment(state: .appearing, start: 3, end: 4),
            LaneSegment(state: .appeared, start: 4, end: 4),
        ])
    }

    func testEventsWithoutTimeTakeThePreviousTickAndTheClockNeverRunsBack() {
        let time = { (seconds: Int64) in TraceTime(microseconds: seconds * 1_000_000, hasOffset: true) }
        var clock = TickClock()
        XCTAssertEqual(clock.base, .lines)
        let ticks = [nil, time(10), nil, time(12), time(11), time(13)].map { clock.tick($0) }
        XCTAssertEqual(clock.base, .clock(origin: time(10)))
        XCTAssertEqual(ticks, [0, 0, 0, 2_000_000, 2_000_000, 3_000_000])
    }

    func testChildLaneFollowsItsParent() throws {
        let trace = try TimelineFixture.timeline("""
        <Shop.ListViewController: 0x7f01> viewDidLoad()
        <Shop.OtherViewController: 0x7f09> viewDidLoad()
        <Shop.BadgeViewController: 0x7f02> willMove(toParent:) <Shop.ListViewController: 0x7f01>
        <Shop.BadgeViewController: 0x7f02> viewDidLoad()
        <Shop.BadgeViewController: 0x7f02> didMove(toParent:) <Shop.ListViewController: 0x7f01>
        """)
        let lanes = trace.lanes
        XCTAssertEqual(lanes.map(\.controller.name), ["Shop.ListViewController", "Shop.BadgeViewController", "Shop.OtherViewController"])
        XCTAssertEqual(lanes.map(\.depth), [0, 1, 0])
        XCTAssertEqual(lanes[1].parent, lanes[0].serial)
        XCTAssertEqual(lanes[1].parentName, "<Shop.ListViewController: 0x7f01>")
    }

    func testAddChildBeforeTheChildLogsAdoptsIt() throws {
        let trace = try TimelineFixture.timeline("""
        <Shop.ListViewController: 0x7f01> addChild(_:) <Shop.BadgeViewController: 0x7f02>
        <Shop.BadgeViewController: 0x7f02> viewDidLoad()
        """)
        XCTAssertEqual(trace.lanes.map(\.depth), [0, 1])
        XCTAssertEqual(trace.lanes[1].parent, trace.lanes[0].serial)
    }

    func testControllersAddingEachOtherAppearOnceEach() throws {
        let trace = try TimelineFixture.timeline("""
        <Shop.A: 0x7f01> addChild(_:) <Shop.B: 0x7f02>
        <Shop.B: 0x7f02> addChild(_:) <Shop.A: 0x7f01>
        <Shop.C: 0x7f03> viewDidLoad()
        """)
        XCTAssertEqual(trace.lanes.map(\.parent), [nil, 2, 1], "A and B are each other's parent")
        XCTAssertEqual(trace.lanes.map(\.controller.name), ["Shop.C", "Shop.A", "Shop.B"], "roots first, then the cycle")
        XCTAssertEqual(trace.lanes.map(\.depth), [0, 0, 1])
    }

    func testReusedAddressStartsANewLaneWhereTheOldOneEnded() throws {
        let trace = try TimelineFixture.timeline("""
        <Shop.CartViewController: 0x7f01> init(coder:)
        <Shop.CartViewController: 0x7f01> viewDidLoad()
        <Shop.CartViewController: 0x7f01> deinit
        <Shop.CartViewController: 0x7f01> init(coder:)
        <Shop.CartViewController: 0x7f01> viewDidLoad()
        <Shop.ListViewController: 0x7f05> viewDidLoad()
        """)
        let lanes = trace.lanes
        XCTAssertEqual(lanes.map(\.label), ["Shop.CartViewController 0x7f01", "Shop.CartViewController 0x7f01 #2",
                                            "Shop.ListViewController 0x7f05"])
        XCTAssertEqual(lanes[0].segments.last, LaneSegment(state: .deallocated, start: 3, end: 3))
        XCTAssertEqual([lanes[1].start, lanes[1].end], [4, 6], "a live lane lasts until the end of the trace")
    }

    func testFindingsArePlacedOnTheirLaneAtTheirLine() throws {
        let trace = try TimelineFixture.timeline("""
        2016-04-27 10:52:00.100 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)
        2016-04-27 10:52:00.300 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidAppear(_:)
        2016-04-27 10:52:00.301 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)
        2016-04-27 10:52:01.000 Shop[4089:361037] <Shop.ListViewController: 0x7f09> viewDidLoad()
        """, name: "traces/badge.log")
        let finding = try XCTUnwrap(trace.findings.first { $0.finding.rule == "appearance-order" })
        XCTAssertEqual(finding.lane, trace.lanes[0].serial)
        XCTAssertEqual(finding.tick, 201_000)
        XCTAssertEqual(finding.finding.file, "traces/badge.log")
        XCTAssertEqual(finding.logLine, "2016-04-27 10:52:00.301 Shop[4089:361037] <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)")
        let unfinished = try XCTUnwrap(trace.findings.first { $0.finding.rule == "unfinished-transition" })
        XCTAssertEqual(unfinished.tick, 201_000, "an end-of-trace finding sits on the line it names")
    }

    func testFindingsAreThoseOfCheck() throws {
        let text = try String(contentsOf: TimelineFixture.packageRoot.appendingPathComponent("SampleTraces/observer-leak.log"), encoding: .utf8)
        let checked = try TraceFixture.analyze(text).findings
        let timeline = try TimelineFixture.timeline(text)
        XCTAssertFalse(checked.isEmpty)
        XCTAssertEqual(timeline.findings.map { "\($0.finding.line) \($0.finding.rule) \($0.finding.message)" },
                       checked.map { "\($0.line) \($0.rule) \($0.message)" })
    }

    func testProcessesGroupTheirLanesInOrderOfAppearance() throws {
        let trace = try TimelineFixture.timeline("""
        2016-04-27 10:49:46.694 TestMe[67943:4951489] vc1 viewDidLoad
        2016-04-27 10:49:46.695 Shop[4089:361037] vc1 viewDidLoad
        2016-04-27 10:49:46.696 TestMe[67943:4951489] vc2 viewDidLoad
        """)
        XCTAssertEqual(trace.processes.map(\.name), ["TestMe[67943]", "Shop[4089]"])
        XCTAssertEqual(trace.processes.map { $0.lanes.map(\.label) }, [["vc1", "vc2"], ["vc1"]])
    }

    func testLaneEventsQuoteTheirLinesOnlyWhenAsked() throws {
        let lines = ["2016-04-27 10:00:00.000 Shop[1:2] <Shop.A: 0x1> viewWillAppear(_:)",
                     "2016-04-27 10:00:00.100 Shop[1:2] [Net] request done",
                     "2016-04-27 10:00:00.200 Shop[1:2] <Shop.A: 0x1> viewWillAppear(_:)"]
        let quoted = try TimelineFixture.timeline(lines.joined(separator: "\n"))
        XCTAssertEqual(quoted.lanes.flatMap(\.eventTexts), [lines[0], lines[2]])
        XCTAssertEqual(quoted.findings.first?.logLine, lines[2], "the finding's line, found among the recorded events")
        let bare = try TimelineFixture.timeline(lines.joined(separator: "\n"), eventTexts: false)
        XCTAssertEqual(bare.lanes.flatMap(\.eventTexts), [])
        XCTAssertEqual(bare.lanes.flatMap(\.events).map(\.line), [1, 3])
        XCTAssertEqual(bare.findings.map(\.logLine), quoted.findings.map(\.logLine))
        XCTAssertTrue(ChromeTraceWriter().showsEventTexts)
        XCTAssertFalse(HTMLReportWriter().showsEventTexts)
    }

    func testLaneEventsAreSixteenBytes() {
        // 16 bytes per event: a 500 MB trace has about two million, all held until the report is written.
        XCTAssertEqual(MemoryLayout<LaneEvent>.stride, 16)
        var event = LaneEvent(line: LaneEvent.maxLine, tick: -1, kind: .uikitWarning("w"), state: .appeared)
        XCTAssertEqual([event.line, Int(event.tick)], [(1 << 40) - 1, -1])
        event.line = 1 << 32 | 7
        XCTAssertEqual(event.line, 4_294_967_303)
        XCTAssertEqual(event.kind, .uikitWarning)
        XCTAssertEqual(event.state, .appeared)
        XCTAssertEqual(LaneEvent(line: 1, tick: 0, kind: .observersRemovedAll, state: .created).name, "removeObserver")
        for callback in Callback.allCases {
            XCTAssertEqual(LaneEvent(line: 1, tick: 0, kind: .callback(callback), state: .created).kind, .callback(callback))
        }
    }

    func testFindingOnAnAppEventLineSitsAtTheLastLaneEventBeforeItOnAnyLane() throws {
        let configuration = """
        { "events": { "request": "^GET (?<key>\\\\S+)" },
          "rules": { "request-where": { "template": "inCallbacks", "event": "request", "callbacks": ["viewDidLoad"],
                                        "message": "request from viewDidLoad" } } }
        """
        let options = try ConfigurationParser.parse(configuration, file: "c.json").options(for: "t.log", base: AnalysisOptions())
        let lines = ["2016-04-27 10:49:46.695 Shop[67943:4951511] -[CartVC viewWillAppear:]",
                     "2016-04-27 10:49:46.700 Shop[67943:4951489] -[HomeVC viewDidLoad]",
                     "2016-04-27 10:49:46.800 Shop[67943:4951511] GET /cart"]
        let trace = try TimelineFixture.timeline(lines.joined(separator: "\n"), options: options, eventTexts: false)
        let finding = try XCTUnwrap(trace.findings.first { $0.finding.rule == "request-where" })
        XCTAssertEqual(finding.finding.line, 3)
        XCTAssertEqual(finding.logLine, lines[2], "an app event's line, quoted from the evidence")
        XCTAssertEqual(finding.tick, 5_000, "HomeVC's event on line 2, the last lane event before line 3")
        XCTAssertEqual(trace.lanes.first { $0.label == "CartVC" }?.end, 5_000)
    }

    /// A finding whose line its evidence no longer holds (the willMove on line 1, eight lines before the finding:
    /// evidence keeps an instance's last six) still quotes it: read again from a file, kept from a pipe.
    func testFindingQuotesALineItsEvidenceLostFromAFileAndFromAPipe() throws {
        let url = TimelineFixture.packageRoot.appendingPathComponent("Tests/LifelineKitTests/RealLogs/Fixtures/04-child-addsubview-no-didmove.log")
        let text = try String(contentsOf: url, encoding: .utf8)
        let firstLine = String(text.prefix { $0 != "\n" })
        let fromFile = try TimelineBuilder.build(.file(url.path), options: AnalysisOptions(), eventTexts: false)
        let finding = try XCTUnwrap(fromFile.findings.first { $0.finding.rule == "containment-order" })
        XCTAssertEqual(finding.finding.line, 1)
        XCTAssertEqual(finding.finding.evidence, [], "the evidence lost the line")
        XCTAssertEqual(finding.logLine, firstLine)
        XCTAssertEqual(finding.tick, 1)

        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-fifo-\(UUID().uuidString)").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            text.utf8CString.withUnsafeBufferPointer { _ = write(descriptor, $0.baseAddress, $0.count - 1) }
            close(descriptor)
        }
        writer.start()
        let fromPipe = try TimelineBuilder.build(.file(fifo), options: AnalysisOptions(), eventTexts: false)
        XCTAssertEqual(fromPipe.findings.map(\.logLine), fromFile.findings.map(\.logLine))
        XCTAssertEqual(fromPipe.findings.map(\.tick), fromFile.findings.map(\.tick))
    }
}
