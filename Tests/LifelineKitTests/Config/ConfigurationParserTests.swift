import XCTest
@testable import LifelineKit

final class ConfigurationParserTests: XCTestCase {
    func testFullConfiguration() throws {
        let configuration = try ConfigurationParser.parse("""
            {
              "rules": { "slow-transition": false, "observer-balance": { "severity": "info" } },
              "leakTimeout": 5, "slowTransitionSeconds": 0.5,
              "ignoreClasses": ["UIInputWindowController"],
              "patterns": ["^LC (?<controller>\\\\S+) (?<event>\\\\w+)$"],
              "failOn": "warning",
              "overrides": [{ "paths": ["traces/experimental/**"], "rules": { "appearance-order": { "severity": "warning" } } }]
            }
            """, file: "x.json")
        XCTAssertEqual(configuration.rules["slow-transition"]?.enabled, false)
        XCTAssertEqual(configuration.rules["observer-balance"]?.severity, .info)
        XCTAssertEqual(configuration.failOn, "warning")
        let options = try configuration.options(for: "traces/experimental/a/b.log", base: AnalysisOptions())
        XCTAssertFalse(options.rules.contains { $0.description.identifier == "slow-transition" })
        XCTAssertEqual(options.settings.severities["appearance-order"], .warning)
        XCTAssertEqual(options.settings.leakTimeout, 5)
        XCTAssertEqual(options.settings.slowTransitionThreshold, 0.5)
        XCTAssertNil(try configuration.options(for: "traces/stable/b.log", base: AnalysisOptions()).settings.severities["appearance-order"])
    }

    func testErrorsNameTheKeyAndWhy() {
        func error(_ text: String) -> String {
            do { _ = try ConfigurationParser.parse(text, file: ".lifeline.json"); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(error(#"{"leakTimout": 3}"#).hasPrefix(".lifeline.json: leakTimout: unknown key"), true)
        XCTAssertEqual(error(#"{"rules": {"no-such-rule": false}}"#).hasPrefix(".lifeline.json: rules.no-such-rule: unknown key"), true)
        XCTAssertEqual(error(#"{"rules": {"load-once": {"severity": "fatal"}}}"#),
                       ".lifeline.json: rules.load-once.severity: expected one of: error, warning, info")
        XCTAssertEqual(error(#"{"leakTimeout": -1}"#), ".lifeline.json: leakTimeout: expected a number of seconds ≥ 0")
        XCTAssertEqual(error(#"{"patterns": ["(?<controller>x)"]}"#),
                       ".lifeline.json: patterns: pattern (?<controller>x) has no named group (?<event>…)")
        XCTAssertTrue(error("{").hasPrefix(".lifeline.json: JSON: line 1"))
    }

    func testCustomPatternRecognisesAnUnknownFormat() throws {
        var options = AnalysisOptions()
        options.customPatterns = try CustomPatterns([.init(pattern: #"^LC (?<controller>\S+) (?<event>\w+)$"#)])
        let trace = "LC cart appearNow\nLC cart viewWillAppear\nLC cart viewDidAppear\nLC cart viewWillAppear\n"
        let outcome = try TraceFixture.analyze(trace, options: options)
        XCTAssertEqual(outcome.statistics.events, 3, "appearNow is no callback: an other line")
        XCTAssertEqual(outcome.findings.filter { $0.rule == "appearance-order" }.map(\.line), [4])
        XCTAssertEqual(outcome.findings.first?.subject.ref, ControllerRef(name: "cart"))
        XCTAssertEqual(try TraceFixture.analyze(trace).findings.first?.subject.ref, ControllerRef(name: "LC cart"),
                       "without the pattern the built-in label dialect reads the whole label; the pattern comes first")
    }

    func testAnOverridePathEndingInASlashCoversTheFolder() {
        XCTAssertTrue(Configuration.pathMatches("traces/experimental/", "traces/experimental/a/b.log"))
        XCTAssertFalse(Configuration.pathMatches("traces/experimental/", "traces/stable/b.log"))
        XCTAssertTrue(Configuration.pathMatches("traces/*.log", "traces/b.log"))
        XCTAssertFalse(Configuration.pathMatches("traces/*.log", "traces/x/b.log"))
    }
}
