import XCTest
@testable import LifelineKit

final class TimingCollectorTests: XCTestCase {
    /// The timings of `lines` (`SECONDS CALLBACK` of `<Shop.ADDRESS…>`) read as one NSLog trace.
    private func timings(_ lines: [(Double, String, String)], preloadGap: Double = TimingOptions.defaultPreloadGap) throws -> ScreenTimings {
        let text = lines.map { second, address, callback in
            let stamp = String(format: "2024-03-01 10:00:%06.3f", second)
            return "\(stamp) Shop[1:1] <Shop.\(address.hasPrefix("Tab") ? "TabVC" : "VC"): \(address.replacingOccurrences(of: "Tab", with: ""))> \(callback)"
        }.joined(separator: "\n") + "\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-timings-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try ScreenTimingsBuilder.measure(.file(url.path), options: AnalysisOptions(), preloadGap: preloadGap).timings
    }

    private func samples(_ timings: ScreenTimings, _ name: String, _ phase: TimingPhase) -> [Int64] {
        timings.classes.first { $0.name == name }?.samples[phase] ?? []
    }

    func testEveryPhaseOfAPushAndPop() throws {
        let result = try timings([
            (0.000, "0x1", "init(coder:)"), (0.010, "0x1", "loadView()"), (0.025, "0x1", "viewDidLoad()"),
            (0.030, "0x1", "viewWillAppear(_:)"), (0.400, "0x1", "viewDidAppear(_:)"),
            (5.400, "0x1", "viewWillDisappear(_:)"), (5.750, "0x1", "viewDidDisappear(_:)"),
        ])
        XCTAssertEqual(samples(result, "Shop.VC", .load), [15_000], "from loadView, not init, when both are logged")
        XCTAssertEqual(samples(result, "Shop.VC", .timeToAppear), [375_000])
        XCTAssertEqual(samples(result, "Shop.VC", .appear), [370_000])
        XCTAssertEqual(samples(result, "Shop.VC", .disappear), [350_000])
        XCTAssertEqual(samples(result, "Shop.VC", .onScreen), [5_000_000])
    }

    func testCancelledTransitionsAreCountedNotMeasured() throws {
        // 0x1 on screen; an interactive pop begins (0x1 will disappear, 0x2 will appear) and is cancelled.
        let result = try timings([
            (0.0, "0x2", "viewDidDisappear(_:)"), (0.1, "0x1", "viewDidAppear(_:)"),
            (2.0, "0x1", "viewWillDisappear(_:)"), (2.0, "0x2", "viewWillAppear(_:)"),
            (2.5, "0x2", "viewWillDisappear(_:)"), (2.6, "0x2", "viewDidDisappear(_:)"),
            (2.6, "0x1", "viewWillAppear(_:)"), (2.7, "0x1", "viewDidAppear(_:)"),
            (9.1, "0x1", "viewWillDisappear(_:)"), (9.4, "0x1", "viewDidDisappear(_:)"),
        ])
        let entry = try XCTUnwrap(result.classes.first)
        XCTAssertEqual(entry.cancelled, 2, "one cancelled disappearance, one cancelled appearance")
        XCTAssertEqual(samples(result, "Shop.VC", .appear), [], "neither half of a cancelled transition is an appearance")
        XCTAssertEqual(samples(result, "Shop.VC", .disappear), [300_000], "only the completed disappearance")
        XCTAssertEqual(samples(result, "Shop.VC", .onScreen), [9_000_000], "a cancelled disappearance leaves the screen on")
    }

    func testPreloadedViewsAreMeasuredFromViewWillAppear() throws {
        // A tab's second controller loads with the first, which appears; it is shown much later.
        let result = try timings([
            (0.00, "Tab0x1", "viewDidLoad()"), (0.01, "Tab0x2", "viewDidLoad()"),
            (0.02, "Tab0x1", "viewWillAppear(_:)"), (0.30, "Tab0x1", "viewDidAppear(_:)"),
            (0.50, "Tab0x2", "viewWillAppear(_:)"), (0.60, "Tab0x2", "viewDidAppear(_:)"),
        ])
        XCTAssertEqual(result.classes.first?.preloaded, 1)
        XCTAssertEqual(samples(result, "Shop.TabVC", .timeToAppear).sorted(), [100_000, 300_000],
                       "the pre-loaded view from viewWillAppear, the other from viewDidLoad")
        let gap = try timings([(0.0, "0x1", "viewDidLoad()"), (3.0, "0x1", "viewWillAppear(_:)"), (3.2, "0x1", "viewDidAppear(_:)")])
        XCTAssertEqual(gap.classes.first?.preloaded, 1, "a gap above --preload-gap")
        XCTAssertEqual(samples(gap, "Shop.VC", .timeToAppear), [200_000])
        let slow = try timings([(0.0, "0x1", "viewDidLoad()"), (3.0, "0x1", "viewWillAppear(_:)"), (3.2, "0x1", "viewDidAppear(_:)")],
                               preloadGap: 5)
        XCTAssertEqual(slow.classes.first?.preloaded, 0)
        XCTAssertEqual(samples(slow, "Shop.VC", .timeToAppear), [3_200_000], "below the gap, a slow screen")
    }

    func testAnInitLongBeforeTheLoadIsNotALoad() throws {
        let result = try timings([
            (0.0, "Tab0x1", "init(coder:)"), (0.0, "Tab0x2", "init(coder:)"), (0.01, "Tab0x1", "viewDidLoad()"),
            (0.02, "Tab0x1", "viewWillAppear(_:)"), (0.3, "Tab0x1", "viewDidAppear(_:)"),
            (30.0, "Tab0x2", "viewDidLoad()"), (30.0, "Tab0x2", "viewWillAppear(_:)"), (30.2, "Tab0x2", "viewDidAppear(_:)"),
        ])
        XCTAssertEqual(samples(result, "Shop.TabVC", .load), [10_000], "only the init in the same burst as its load")
    }

    func testClocksAtRestAreDroppedAndResumed() throws {
        let collector = TimingCollector(file: "trace.log")
        let engine = RuleEngine(rules: [], settings: RuleSettings()) { _ in }
        engine.onEvent = { event, instance, _ in collector.record(event, on: instance) }
        var line = 0
        func log(_ second: Int, _ address: UInt64, _ callback: Callback) {
            line += 1
            engine.consume(LifecycleEvent(line: line, time: TraceTime(microseconds: Int64(second) * 1_000_000, hasOffset: true),
                                          process: ProcessKey(name: "Shop", pid: 1), thread: 1, kind: .callback(callback),
                                          controller: ControllerRef(name: "Shop.VC", address: address), argument: nil, text: nil))
        }
        for address in 1...1000 as ClosedRange<UInt64> {
            for (offset, callback) in [Callback.viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear].enumerated() {
                log(Int(address) * 10 + offset, address, callback)
            }
        }
        XCTAssertEqual(collector.openClocks, 0, "no memory per instance at rest")
        log(20_000, 7, .viewWillAppear)
        log(20_001, 7, .viewDidAppear)
        log(20_003, 7, .viewWillDisappear)
        log(20_004, 7, .viewDidDisappear)
        engine.finish()
        let timings = collector.finish()
        let entry = try XCTUnwrap(timings.classes.first)
        XCTAssertEqual(entry.instances, 1000, "a resumed clock is not a new instance")
        XCTAssertEqual(entry.untimed, 0)
        XCTAssertEqual(entry.samples[.onScreen]?.count, 1001)
        XCTAssertEqual(entry.samples[.timeToAppear]?.count, 1000, "a second appearance has no time to appear")
        XCTAssertEqual(entry.slowest[.onScreen]?.first?.line, 5004, "the line that ended the slowest")
    }
}
