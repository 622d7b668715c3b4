import Foundation
import XCTest

/// Rules of `.lifeline.json` run like built-in ones: in `lifeline rules`, every output format, and baselines.
final class CustomRulesCommandTests: XCTestCase {
    private static let configuration = """
    {
      "events": { "productRequest": "^Requesting products" },
      "rules": { "products-once": { "template": "once", "event": "productRequest", "severity": "error",
                                    "message": "request products once per screen",
                                    "explanation": "Products do not change between appearances. Fix: request them in viewDidLoad." } }
    }
    """

    private static let trace = """
    <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
    Requesting products
    <Shop.ProductsVC: 0x7f01> viewDidAppear(_:)
    <Shop.ProductsVC: 0x7f01> viewWillDisappear(_:)
    <Shop.ProductsVC: 0x7f01> viewDidDisappear(_:)
    <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
    Requesting products

    """

    private func folder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-custom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.configuration.write(to: directory.appendingPathComponent(".lifeline.json"), atomically: true, encoding: .utf8)
        try Self.trace.write(to: directory.appendingPathComponent("app.log"), atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func testACustomRuleReportsInEveryFormat() throws {
        let directory = try folder()
        let text = try CLIRunner.run(["check", "app.log"], in: directory)
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stdout.contains("app.log:7: error: [products-once] <Shop.ProductsVC: 0x7f01> productRequest again "
                                           + "(2nd time, first at line 2): request products once per screen"), text.stdout)
        XCTAssertTrue(text.stdout.contains("app.log:7: warning: [work-in-appearance] <Shop.ProductsVC: 0x7f01> started network or database "
                                           + "work in 2 appearance callbacks (lines 1, 6)"), "the built-in rule counts the same line as work")
        let json = try CLIRunner.run(["check", "--format", "json", "app.log"], in: directory).stdout
        XCTAssertTrue(json.contains(#""rule": "products-once""#) || json.contains(#""rule":"products-once""#), json)
        let sarif = try CLIRunner.run(["check", "--format", "sarif", "app.log"], in: directory).stdout
        XCTAssertTrue(sarif.contains("Products do not change between appearances."), "SARIF describes the rule")
        for format in ["jsonl", "junit", "github", "markdown"] {
            XCTAssertTrue(try CLIRunner.run(["check", "--format", format, "app.log"], in: directory).stdout.contains("products-once"), format)
        }
        let rules = try CLIRunner.run(["rules"], in: directory).stdout
        XCTAssertTrue(rules.split(separator: "\n").last?.hasPrefix("products-once ") == true, rules)
        XCTAssertTrue(rules.hasSuffix(" error    request products once per screen\n"), rules)
        let explain = try CLIRunner.run(["rules", "explain", "products-once"], in: directory).stdout
        XCTAssertTrue(explain.contains("Custom rule (template once)"), explain)
        let template = try CLIRunner.run(["rules", "explain", "pairs"], in: directory).stdout
        XCTAssertTrue(template.contains("Examples run with this .lifeline.json:"), template)
    }

    func testBaselinesKeepCustomFindings() throws {
        let directory = try folder()
        XCTAssertNotEqual(try CLIRunner.run(["check", "--write-baseline", "base.json", "app.log"], in: directory).status, 2)
        let baseline = try String(contentsOf: directory.appendingPathComponent("base.json"), encoding: .utf8)
        XCTAssertTrue(baseline.contains("products-once"), baseline)
        XCTAssertEqual(try CLIRunner.run(["check", "--baseline", "base.json", "app.log"], in: directory).status, 0)
    }

    func testEventsShowsAppEventsWithTheirCallback() throws {
        let directory = try folder()
        let result = try CLIRunner.run(["events", "--only", "app", "app.log"], in: directory)
        XCTAssertEqual(result.stdout, """
        app.log:2: app event productRequest of <Shop.ProductsVC: 0x7f01> in viewWillAppear (line 1) (events) | Requesting products
        app.log:2: app event work of <Shop.ProductsVC: 0x7f01> in viewWillAppear (line 1) (events) | Requesting products
        app.log:7: app event productRequest of <Shop.ProductsVC: 0x7f01> in viewWillAppear (line 6) (events) | Requesting products
        app.log:7: app event work of <Shop.ProductsVC: 0x7f01> in viewWillAppear (line 6) (events) | Requesting products

        """)
    }

    func testInvalidConfigurationFailsAtOnceWithItsPointer() throws {
        let directory = try folder()
        try #"{"events": {"a": "^x"}, "rules": {"r": {"template": "once", "event": "b", "message": "m"}}}"#
            .write(to: directory.appendingPathComponent(".lifeline.json"), atomically: true, encoding: .utf8)
        for command in [["check", "app.log"], ["events", "app.log"], ["rules"], ["report", "app.log", "--markdown", "r.md"]] {
            let result = try CLIRunner.run(command, in: directory)
            XCTAssertEqual(result.status, 2, command.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(".lifeline.json: /rules/r/event: unknown event b"), result.stderr)
            XCTAssertEqual(result.stdout, "", command.joined(separator: " "))
        }
    }
}
