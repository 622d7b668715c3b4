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
        XCTAssertEqual(error(#"{"leakTimout": 3}"#).hasPrefix(".lifeline.json: /leakTimout: unknown key"), true)
        XCTAssertEqual(error(#"{"rules": {"no-such-rule": false}}"#).hasPrefix(".lifeline.json: /rules/no-such-rule: unknown key"), true)
        XCTAssertEqual(error(#"{"rules": {"load-once": {"severity": "fatal"}}}"#),
                       ".lifeline.json: /rules/load-once/severity: expected one of: error, warning, info")
        XCTAssertEqual(error(#"{"leakTimeout": -1}"#), ".lifeline.json: /leakTimeout: expected a number of seconds ≥ 0")
        XCTAssertEqual(error(#"{"patterns": ["^a (?<controller>x) (?<event>y)", "(?<controller>x)"]}"#),
                       ".lifeline.json: /patterns/1: pattern (?<controller>x) has no named group (?<event>…)")
        XCTAssertEqual(error(#"{"ignoreClasses": ["A", 3]}"#), ".lifeline.json: /ignoreClasses/1: expected a string")
        XCTAssertEqual(error(#"{"overrides": [{"paths": ["a/"], "rules": {"load-once": {"enabled": 1}}}]}"#),
                       ".lifeline.json: /overrides/0/rules/load-once/enabled: expected true or false")
        XCTAssertTrue(error(#"{"a/b~c": 1}"#).hasPrefix(".lifeline.json: /a~1b~0c: unknown key"), "RFC 6901 escapes")
        XCTAssertEqual(error("[]"), ".lifeline.json: top level: expected an object")
        XCTAssertTrue(error("{").hasPrefix(".lifeline.json: JSON: line 1"))
    }

    func testDuplicateKeysAreErrorsNamingTheKey() {
        func error(_ text: String) -> String {
            do { _ = try ConfigurationParser.parse(text, file: ".lifeline.json"); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(error(#"{"failOn": "warning", "failOn": "never"}"#),
                       ".lifeline.json: /failOn: duplicate key; which one should win is not written down: keep one")
        XCTAssertTrue(error(#"{"rules": {"load-once": false, "load-once": true}}"#).hasPrefix(".lifeline.json: /rules/load-once: duplicate key"))
        XCTAssertTrue(error(#"{"rules": {"load-once": {"severity": "info", "severity": "error"}}}"#)
            .hasPrefix(".lifeline.json: /rules/load-once/severity: duplicate key"))
        XCTAssertTrue(error(#"{"overrides": [{"paths": ["a"], "paths": ["b"]}]}"#).hasPrefix(".lifeline.json: /overrides/0/paths: duplicate key"))
    }

    func testPatternsThatCanBacktrackExponentiallyAreRefusedNamingTheirIndex() {
        func error(_ text: String) -> String {
            do { _ = try ConfigurationParser.parse(text, file: ".lifeline.json"); return "no error" } catch { return error.description }
        }
        let issue = error(#"{"patterns": ["^LC (?<controller>\\S+) (?<event>\\w+)$", "^(?<controller>(a+)+)(?<event>x)$"]}"#)
        XCTAssertTrue(issue.hasPrefix(".lifeline.json: /patterns/1: pattern ^(?<controller>(a+)+)(?<event>x)$ can take exponential time"), issue)
        XCTAssertTrue(issue.contains("a+ repeats inside (a+)+"), issue)
        XCTAssertEqual(error(#"{"patterns": ["^LC (?<controller>\\S+) (?<event>\\w+)$"]}"#), "no error")
    }

    func testCustomPatternRecognisesAnUnknownFormat() throws {
        var options = AnalysisOptions()
        options.customPatterns = try CustomPatterns([#"^LC (?<controller>\S+) (?<event>\w+)$"#])
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
