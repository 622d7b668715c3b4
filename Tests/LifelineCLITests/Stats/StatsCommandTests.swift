import Foundation
import XCTest

/// `lifeline stats` against figures worked out independently (`IndependentTimings`), `--compare` and its
/// threshold, and determinism.
final class StatsCommandTests: XCTestCase {
    private var directory = FileManager.default.temporaryDirectory

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let phases = ["load", "timeToAppear", "appear", "disappear", "onScreen"]

    private func classes(_ json: String) throws -> [String: [String: Any]] {
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let classes = try XCTUnwrap(document["classes"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: classes.map { ($0["class"] as? String ?? "", $0) })
    }

    /// Every `Shop.` class the independent reading measured has the same instances, cancelled transitions, and per
    /// phase the same count, p50, p90, p99 and max.
    private func assertMatches(_ json: String, _ expected: IndependentTimings, minimumFigures: Int = 10,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let measured = try classes(json)
        XCTAssertEqual(Set(measured.keys.filter { $0.hasPrefix("Shop.") && !$0.contains("\"") && !$0.contains("`") }),
                       Set(expected.instances.keys), "the same classes", file: file, line: line)
        var compared = 0
        for (name, instances) in expected.instances {
            let entry = try XCTUnwrap(measured[name], name, file: file, line: line)
            XCTAssertEqual(entry["instances"] as? Int, instances, "\(name) instances", file: file, line: line)
            XCTAssertEqual(entry["cancelledTransitions"] as? Int, expected.cancelled[name] ?? 0, "\(name) cancelled", file: file, line: line)
            XCTAssertEqual(entry["preloaded"] as? Int, expected.preloaded[name] ?? 0, "\(name) pre-loaded", file: file, line: line)
            let phases = try XCTUnwrap(entry["phases"] as? [String: [String: Any]], file: file, line: line)
            for phase in Self.phases {
                let samples = expected.samples[name]?[phase] ?? []
                guard !samples.isEmpty else {
                    XCTAssertNil(phases[phase], "\(name) \(phase) is not measured", file: file, line: line)
                    continue
                }
                let figures = try XCTUnwrap(phases[phase], "\(name) \(phase)", file: file, line: line)
                XCTAssertEqual(figures["count"] as? Int, samples.count, "\(name) \(phase) count", file: file, line: line)
                for (key, percent) in [("p50", 50.0), ("p90", 90.0), ("p99", 99.0), ("max", 100.0)] {
                    let value = try XCTUnwrap((figures[key] as? NSNumber)?.doubleValue, file: file, line: line)
                    XCTAssertEqual(value, Double(IndependentTimings.percentile(percent, of: samples)) / 1000, accuracy: 1e-9,
                                   "\(name) \(phase) \(key)", file: file, line: line)
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, minimumFigures, "enough figures compared", file: file, line: line)
    }

    func testSampleTracesMatchIndependentFigures() throws {
        let samples = CLIRunner.packageRoot.appendingPathComponent("SampleTraces")
        let result = try CLIRunner.run(["stats", "--format", "json", "SampleTraces/"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { ($0.hasSuffix(".log") || $0.hasSuffix(".ndjson")) && $0 != "hostile-markup.log" }.sorted()
            .map { samples.appendingPathComponent($0) }
        try assertMatches(result.stdout, try IndependentTimings(files: files))
    }

    func testGeneratedTraceMatchesIndependentFigures() throws {
        let trace = try generate(seed: 4)
        let result = try CLIRunner.run(["stats", "--format", "json", trace.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try IndependentTimings(files: [trace])
        XCTAssertGreaterThan(expected.instances.values.reduce(0, +), 20, "a trace with many screens")
        XCTAssertGreaterThan(expected.cancelled.values.reduce(0, +), 0, "cancelled interactive transitions are in it")
        try assertMatches(result.stdout, expected)
    }

    /// A tab bar controller loads its three tabs at launch and shows the first; the others appear when chosen. A
    /// page controller loads the next page while the first is shown, and the user swipes to it seconds later.
    func testPreloadedTabsAndPagesMatchIndependentFigures() throws {
        var lines: [String] = []
        var millisecond = 0
        func log(_ controller: String, _ callback: String, after delay: Int = 3) {
            millisecond += delay
            lines.append(String(format: "2024-03-01 10:%02d:%02d.%03d Shop[7:7] <Shop.%@> %@", millisecond / 60_000, millisecond / 1000 % 60,
                                millisecond % 1000, controller, callback))
        }
        let tabs = ["FeedViewController: 0xa1", "SearchViewController: 0xa2", "ProfileViewController: 0xa3"]
        log("TabBarController: 0xa0", "viewDidLoad()")
        for tab in tabs { log(tab, "init(coder:)"); log(tab, "viewDidLoad()", after: 20) }
        log("TabBarController: 0xa0", "viewWillAppear(_:)")
        log(tabs[0], "viewWillAppear(_:)")
        log(tabs[0], "viewDidAppear(_:)", after: 300)
        log("TabBarController: 0xa0", "viewDidAppear(_:)")
        var shown = tabs[0]
        for (round, tab) in [tabs[1], tabs[2], tabs[0], tabs[1]].enumerated() {
            log(shown, "viewWillDisappear(_:)", after: 4000 + round * 700)
            log(tab, "viewWillAppear(_:)")
            log(shown, "viewDidDisappear(_:)", after: 40 + round * 30)
            log(tab, "viewDidAppear(_:)")
            shown = tab
        }
        let pages = ["PageViewController: 0xb1", "PageViewController: 0xb2"]
        log(pages[0], "viewDidLoad()")
        log(pages[0], "viewWillAppear(_:)")
        log(pages[0], "viewDidAppear(_:)", after: 250)
        log(pages[1], "viewDidLoad()", after: 15)  // the next page, loaded ahead
        log(pages[0], "viewWillDisappear(_:)", after: 6000)
        log(pages[1], "viewWillAppear(_:)")
        log(pages[0], "viewDidDisappear(_:)", after: 280)
        log(pages[1], "viewDidAppear(_:)")
        let trace = directory.appendingPathComponent("tabs.log")
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["stats", "--format", "json", trace.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try IndependentTimings(files: [trace])
        XCTAssertEqual(expected.preloaded, ["Shop.SearchViewController": 1, "Shop.ProfileViewController": 1, "Shop.PageViewController": 1],
                       "the tabs shown later and the page loaded ahead")
        try assertMatches(result.stdout, expected, minimumFigures: 5)
    }

    func testInstancesWithoutTimestampsAreCountedNotMeasured() throws {
        let trace = directory.appendingPathComponent("print.log")
        try "<Shop.A: 0x1> viewDidLoad()\n<Shop.A: 0x1> viewWillAppear(_:)\n<Shop.A: 0x1> viewDidAppear(_:)\n"
            .write(to: trace, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["stats", "--format", "json", trace.path])
        let entry = try XCTUnwrap(try classes(result.stdout)["Shop.A"])
        XCTAssertEqual(entry["instances"] as? Int, 1)
        XCTAssertEqual(entry["untimed"] as? Int, 1)
        XCTAssertEqual((entry["phases"] as? [String: Any])?.count, 0)
        let text = try CLIRunner.run(["stats", trace.path]).stdout
        XCTAssertTrue(text.contains("Shop.A: 1 instance, 1 without timestamps\n  nothing measured (no timestamps)"), text)
    }

    func testOutputIsDeterministicInEveryFormat() throws {
        for format in ["text", "json", "markdown"] {
            let first = try CLIRunner.run(["stats", "--format", format, "SampleTraces/"])
            let second = try CLIRunner.run(["stats", "--format", format, "SampleTraces/"])
            XCTAssertEqual(first.stdout, second.stdout, format)
            XCTAssertFalse(first.stdout.isEmpty, format)
        }
    }

    // MARK: --compare

    /// A baseline run, and the same screens with one class's appearance slowed by `factor`.
    private func traces(slowing factor: Double) throws -> (baseline: URL, current: URL) {
        func trace(_ name: String, appear: Double) throws -> URL {
            var lines: [String] = []
            var second = 0.0
            func log(_ address: String, _ callback: String) {
                let stamp = String(format: "2024-03-01 10:%02d:%06.3f", Int(second) / 60, second.truncatingRemainder(dividingBy: 60))
                lines.append("\(stamp) Shop[1:1] <Shop.Checkout: \(address)> \(callback)")
            }
            for visit in 0..<10 {
                let address = "0x\(visit + 1)"
                log(address, "viewDidLoad()")
                second += 0.001
                log(address, "viewWillAppear(_:)")
                second += appear
                log(address, "viewDidAppear(_:)")
                second += 3
                log(address, "viewWillDisappear(_:)")
                second += 0.3
                log(address, "viewDidDisappear(_:)")
                second += 1
            }
            let url = directory.appendingPathComponent(name)
            try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
            return url
        }
        return (try trace("before.log", appear: 0.4), try trace("after.log", appear: 0.4 * factor))
    }

    private func baselineJSON(_ trace: URL) throws -> URL {
        let baseline = directory.appendingPathComponent("baseline.json")
        try CLIRunner.run(["stats", "--format", "json", trace.path]).stdout.write(to: baseline, atomically: true, encoding: .utf8)
        return baseline
    }

    func testCompareFailsOnlyAboveTheThreshold() throws {
        let (before, after) = try traces(slowing: 1.3)
        let baseline = try baselineJSON(before)
        let slower = try CLIRunner.run(["stats", "--compare", baseline.path, "--fail-on-regression", after.path])
        XCTAssertEqual(slower.status, 1, slower.stdout + slower.stderr)
        XCTAssertTrue(slower.stdout.contains("Shop.Checkout  appear"), slower.stdout)
        XCTAssertTrue(slower.stdout.contains("400.0 ms   520.0 ms   +30.0%  regression"), slower.stdout)
        XCTAssertTrue(slower.stdout.hasSuffix("2 regressions\n"), "appear and time to appear both grew: \(slower.stdout)")

        let tolerant = try CLIRunner.run(["stats", "--compare", baseline.path, "--regression-threshold", "35", "--fail-on-regression", after.path])
        XCTAssertEqual(tolerant.status, 0, tolerant.stdout)
        XCTAssertTrue(tolerant.stdout.hasSuffix("no regressions\n"), tolerant.stdout)

        let reported = try CLIRunner.run(["stats", "--compare", baseline.path, after.path])
        XCTAssertEqual(reported.status, 0, "without --fail-on-regression a regression is only shown")
    }

    func testCompareWithItselfHasNoRegressionAndJSONSaysSo() throws {
        let (before, _) = try traces(slowing: 1)
        let baseline = try baselineJSON(before)
        let result = try CLIRunner.run(["stats", "--format", "json", "--compare", baseline.path, "--fail-on-regression", before.path])
        XCTAssertEqual(result.status, 0, result.stdout)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let comparison = try XCTUnwrap(document["comparison"] as? [String: Any])
        XCTAssertEqual(comparison["regressions"] as? Int, 0)
        XCTAssertEqual((comparison["changes"] as? [[String: Any]])?.count, 4, "load is not logged: four phases")
    }

    func testFasterRunIsNoRegressionAndMarkdownShowsTheChange() throws {
        let (before, after) = try traces(slowing: 0.5)
        let baseline = try baselineJSON(before)
        let result = try CLIRunner.run(["stats", "--format", "markdown", "--compare", baseline.path, "--fail-on-regression", after.path])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("| `Shop.Checkout` | appear | 400.0 ms | 200.0 ms | -50.0% |"), result.stdout)
    }

    func testBadBaselineIsAnErrorNamingTheFile() throws {
        let bad = directory.appendingPathComponent("bad.json")
        try #"{"version": 1, "files": []}"#.write(to: bad, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["stats", "--compare", bad.path, "SampleTraces/push-pop.log"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("bad.json: not the output of 'lifeline stats --format json'"), result.stderr)
        let flagOnly = try CLIRunner.run(["stats", "--fail-on-regression", "SampleTraces/push-pop.log"])
        XCTAssertEqual(flagOnly.status, 2)
        XCTAssertTrue(flagOnly.stderr.contains("--fail-on-regression needs --compare"), flagOnly.stderr)
    }

    private func generate(seed: Int) throws -> URL {
        try CLIRunner.generateTrace(seed: seed, in: directory)
    }
}
