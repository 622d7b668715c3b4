import XCTest
@testable import LifelineKit

/// App events attach to the controller their pattern captures, else to the controller whose callback was logged
/// last on their thread (NSLog `[pid:tid]`), or in their file when lines name no thread (`print`).
final class AppEventAttributionTests: XCTestCase {
    private static let configuration = """
    {
      "events": { "request": "^GET (?<key>\\\\S+)", "tap": "^tap on (?<controller>\\\\S+)" },
      "rules": { "request-where": { "template": "inCallbacks", "event": "request", "callbacks": ["viewDidLoad"],
                                    "message": "request from viewDidLoad" } }
    }
    """

    /// Each app event's line, controller and callback, as `lifeline events` shows them.
    private func placed(_ trace: String) throws -> [String] {
        let options = try ConfigurationParser.parse(Self.configuration, file: "test.json").options(for: "t.log", base: AnalysisOptions())
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(UUID().uuidString).log")
        try Data(trace.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var placed: [String] = []
        try LineExplainer(options: options).explain(.file(url.path)) { explanation in
            guard case .event(.appEvent(let app), let controller, _, _) = explanation.reading else { return }
            placed.append("\(explanation.line) \(app.name) \(controller?.description ?? "-") \(app.callback?.rawValue ?? "-")"
                          + (app.callbackLine.map { "@\($0)" } ?? "") + (app.key.map { " key=\($0)" } ?? ""))
        }
        return placed
    }

    func testNSLogThreadsKeepTheirOwnRunningCallback() throws {
        let trace = """
        2016-04-27 10:49:46.694 Shop[67943:4951489] -[HomeVC viewDidLoad]
        2016-04-27 10:49:46.695 Shop[67943:4951511] -[CartVC viewWillAppear:]
        2016-04-27 10:49:46.696 Shop[67943:4951489] GET /home
        2016-04-27 10:49:46.697 Shop[67943:4951511] GET /cart
        2016-04-27 10:49:46.698 Shop[67943:4951999] GET /nobody
        2016-04-27 10:49:46.699 Shop[67943:4951511] tap on HomeVC
        """
        XCTAssertEqual(try placed(trace), [
            "3 request HomeVC viewDidLoad@1 key=/home",
            "4 request CartVC viewWillAppear@2 key=/cart",
            "5 request - - key=/nobody",  // a thread with no callback: no controller
            "6 tap HomeVC -",  // captured: HomeVC's callback runs on another thread
        ])
        let outcome = try TraceFixture.analyze(trace, options: ConfigurationParser.parse(Self.configuration, file: "c")
            .options(for: "t.log", base: AnalysisOptions()))
        XCTAssertEqual(outcome.findings.filter { $0.rule == "request-where" }.map(\.line), [4])
        XCTAssertEqual(outcome.findings.first { $0.rule == "request-where" }?.message,
                       "CartVC request in viewWillAppear (line 2): request from viewDidLoad")
        XCTAssertEqual(outcome.statistics.appEvents, 4)
        XCTAssertEqual(outcome.statistics.unattachedAppEvents, 1)
        XCTAssertEqual(outcome.statistics.events, 2, "app events are not lifecycle events")
        XCTAssertEqual(outcome.statistics.otherLines, 4, "their lines are other lines, counted once")
        XCTAssertEqual(outcome.statistics.lines, outcome.statistics.events + outcome.statistics.otherLines)
    }

    func testPrintLinesBelongToTheLastCallbackInTheFile() throws {
        let trace = """
        viewDidLoad()
        GET /a
        HomeVC viewWillAppear
        GET /b
        HomeVC viewDidAppear
        HomeVC viewWillDisappear
        GET /c
        """
        XCTAssertEqual(try placed(trace), [
            "2 request (unlabelled controller) viewDidLoad@1 key=/a",
            "4 request HomeVC viewWillAppear@3 key=/b",
            "7 request HomeVC viewWillDisappear@6 key=/c",
        ])
    }

    func testNoEventsConfiguredMeansNoAppEvents() throws {
        var options = AnalysisOptions()
        options.rules = RuleRegistry.all.filter { $0 != WorkInAppearanceRule.self }
        XCTAssertNil(options.allAppEvents, "lines are never screened")
        XCTAssertNotNil(AnalysisOptions().allAppEvents, "work-in-appearance screens for its work event by default")
        let outcome = try TraceFixture.analyze("viewDidLoad()\nGET /a\nFetching products\n", options: options)
        XCTAssertEqual(outcome.statistics.appEvents, 0)
    }

    func testWorkLinesOutsideAppearanceAreNeverEvents() throws {
        let trace = """
        2024-03-01 10:49:46.000 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidLoad()
        2024-03-01 10:49:46.010 Shop[4089:51117] Fetching products
        2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
        2024-03-01 10:49:46.110 Shop[4089:51140] [Network] GET https://api.example.com/cart -> 200
        2024-03-01 10:49:46.120 Shop[4089:51117] Prefetching thumbnails
        2024-03-01 10:49:46.130 Shop[4089:51117] Fetching reviews
        """
        let outcome = try TraceFixture.analyze(trace)
        XCTAssertEqual(outcome.statistics.appEvents, 1, "only line 6: work, on a thread in an appearance callback")
        XCTAssertEqual(outcome.statistics.otherLines, 4)
        XCTAssertEqual(outcome.statistics.events, 2)
    }

    func testWorkInAppearanceIsTheSameWhateverTheParallelism() throws {
        var trace = ""
        for n in 0..<4000 {  // about 2 MB: several chunks, each parsed in pieces
            let vc = "<Shop.ProductsVC: 0x7f\(n)>"
            trace += "2024-03-01 10:49:46.100 Shop[4089:51117] \(vc) viewWillAppear(_:)\n"
            trace += "2024-03-01 10:49:46.110 Shop[4089:51117] Fetching products from https://api.example.com/products?page=\(n)\n"
            trace += "2024-03-01 10:49:46.120 Shop[4089:51140] [Network] GET https://api.example.com/cart -> 200 (\(n) ms)\n"
            trace += "2024-03-01 10:49:46.200 Shop[4089:51117] \(vc) viewDidAppear(_:)\n"
            if n % 3 == 0 { trace += "2024-03-01 10:49:46.210 Shop[4089:51117] Fetching reviews\n" }
        }
        var serial = AnalysisOptions()
        serial.parallelism = 1
        var parallel = AnalysisOptions()
        parallel.parallelism = 3
        let one = try TraceFixture.analyze(trace, options: serial)
        let three = try TraceFixture.analyze(trace, options: parallel)
        XCTAssertEqual(one.findings.filter { $0.rule == "work-in-appearance" }.count, 1334)
        XCTAssertEqual(one.findings.map(\.line), three.findings.map(\.line))
        XCTAssertEqual(one.findings.map(\.message), three.findings.map(\.message))
        XCTAssertEqual(one.findings.map(\.evidence), three.findings.map(\.evidence))
        XCTAssertEqual(one.findings.map(\.subject), three.findings.map(\.subject), "(files differ: each run writes its own temporary file)")
        XCTAssertEqual(one.statistics.appEvents, 4000 + 1334)
        XCTAssertEqual(three.statistics, one.statistics)
    }

    func testAnIgnoredClassLeavesTheRunningCallbackAsItWas() throws {
        // The keyboard's controller logs on the main thread between the screen's appearance and its work: the
        // timeline ignores it, so the work still happens inside viewWillAppear, whoever decides which lines to keep.
        var trace = ""
        for _ in 0..<2 {
            trace += "2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)\n"
            trace += "2024-03-01 10:49:46.105 Shop[4089:51117] <UIInputWindowController: 0x7f09> viewDidDisappear(_:)\n"
            trace += "2024-03-01 10:49:46.110 Shop[4089:51117] Fetching products\n"
            trace += "2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidAppear(_:)\n"
            trace += "2024-03-01 10:49:46.300 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillDisappear(_:)\n"
            trace += "2024-03-01 10:49:46.400 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewDidDisappear(_:)\n"
        }
        for parallelism in [1, 3] {
            var options = AnalysisOptions()
            options.ignoredClasses = ["UIInputWindowController"]
            options.parallelism = parallelism
            let outcome = try TraceFixture.analyze(trace, options: options)
            XCTAssertEqual(outcome.findings.filter { $0.rule == "work-in-appearance" }.map(\.line), [9], "parallelism \(parallelism)")
        }
        var counted = AnalysisOptions()  // not ignored: its viewDidDisappear ends the screen's callback on that thread
        counted.parallelism = 1
        XCTAssertEqual(try TraceFixture.analyze(trace, options: counted).findings.filter { $0.rule == "work-in-appearance" }, [])
    }

    /// The lines of the work events the engine takes, as the timeline places them.
    private func workLines(_ trace: String, options: AnalysisOptions) throws -> [Int] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(UUID().uuidString).log")
        try Data(trace.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var lines: [Int] = []
        var observer = TraceAnalyzer.Observer { _ in }
        observer.event = { event, _, _ in if event.kind.appEvent?.name == WorkInAppearanceRule.eventName { lines.append(event.line) } }
        let statistics = try TraceAnalyzer(options: options).analyze(.file(url.path), observer: observer)
        XCTAssertEqual(statistics.appEvents, lines.count)
        return lines
    }

    /// The timeline tells a work line's thread by its thread id, pid and process name, however many threads there
    /// are (the first few are compared in place, the rest found by hash) and however alike their names.
    func testWorkLinesBelongToTheirOwnThreadAmongMany() throws {
        var trace = "", expected: [Int] = [], line = 0
        let processes = ["ShopExtensionA[40", "ShopExtensionB[40", "ShopExtensionA[41"]  // names alike in 8 bytes; one pid apart
        for thread in 1...12 {
            for (index, process) in processes.enumerated() {
                let inside = (thread + index) % 2 == 1
                line += 1
                trace += "2024-03-01 10:49:46.100 \(process):\(thread)] <Shop.HomeVC: 0x7f\(thread)\(index)> "
                    + (inside ? "viewDidAppear(_:)" : "viewDidDisappear(_:)") + "\n"
            }
        }
        for thread in 1...12 {
            for (index, process) in processes.enumerated() {
                line += 1
                trace += "2024-03-01 10:49:46.200 \(process):\(thread)] Fetching products\n"
                if (thread + index) % 2 == 1 { expected.append(line) }
            }
        }
        for parallelism in [1, 2] {
            var options = AnalysisOptions()
            options.parallelism = parallelism
            XCTAssertEqual(try workLines(trace, options: options), expected, "parallelism \(parallelism)")
        }
    }
}
