import Foundation
import XCTest
@testable import LifelineKit

final class RuleCatalogTests: XCTestCase {
    func testReadmeRuleTableIsTheGeneratedOne() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = try XCTUnwrap(text.range(of: "<!-- rules:begin -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- rules:end -->"))
        XCTAssertEqual(String(text[begin.upperBound..<end.lowerBound]), RuleCatalog.markdownTable(),
                       "regenerate with `lifeline rules --markdown`")
    }

    func testExplanationShowsTheExamplesTheTestsRun() {
        let text = RuleCatalog.explanation(LoadOnceRule.description)
        XCTAssertTrue(text.hasPrefix("load-once (error): loadView or viewDidLoad runs more than once for one instance\n"))
        for example in LoadOnceRule.description.triggeringExamples + LoadOnceRule.description.nonTriggeringExamples {
            XCTAssertTrue(text.contains(example.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")))
        }
    }

    func testEveryRuleExplainsItsFixInSwiftAndObjectiveC() throws {
        for rule in RuleRegistry.descriptions {
            let fix = try XCTUnwrap(rule.fix, "\(rule.identifier) has no fix")
            let text = RuleCatalog.explanation(rule)
            let swift = try XCTUnwrap(text.range(of: "\nFix in Swift:\n\n"), rule.identifier)
            let objectiveC = try XCTUnwrap(text.range(of: "\nFix in Objective-C:\n\n"), rule.identifier)
            let examples = try XCTUnwrap(text.range(of: "\nTriggers"), rule.identifier)
            XCTAssertTrue(swift.upperBound < objectiveC.lowerBound && objectiveC.upperBound < examples.lowerBound, rule.identifier)
            XCTAssertEqual(String(text[swift.upperBound..<objectiveC.lowerBound]), indented(fix.swift), rule.identifier)
            XCTAssertEqual(String(text[objectiveC.upperBound..<examples.lowerBound]), indented(fix.objectiveC), rule.identifier)
            // Each snippet is in its own language: Swift ends no line with `;`, Objective-C sends messages to super or self.
            XCTAssertFalse(fix.swift.split(separator: "\n").contains { $0.hasSuffix(";") }, rule.identifier)
            XCTAssertTrue(fix.objectiveC.contains(";") && fix.objectiveC.contains("["), rule.identifier)
            XCTAssertFalse(fix.objectiveC.contains("func ") || fix.objectiveC.contains("let "), rule.identifier)
        }
    }

    private func indented(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n") + "\n"
    }

    func testListHasOneAlignedLinePerRule() {
        let lines = RuleCatalog.list().split(separator: "\n")
        XCTAssertEqual(lines.count, RuleRegistry.all.count)
        XCTAssertTrue(lines[0].hasPrefix("load-once               error    "))
    }
}
