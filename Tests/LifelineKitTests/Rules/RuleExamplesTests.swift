import XCTest
@testable import LifelineKit

/// Runs every rule's own examples: each triggering example must produce a finding of that rule on exactly
/// the lines marked `↓`, and each non-triggering example none. The same examples are shown by
/// `lifeline rules explain`.
final class RuleExamplesTests: XCTestCase {
    func testEveryRuleHasDocumentationAndExamples() {
        XCTAssertEqual(RuleRegistry.descriptions.count, 11)
        XCTAssertEqual(Set(RuleRegistry.descriptions.map(\.identifier)).count, RuleRegistry.descriptions.count,
                       "identifiers are unique")
        for rule in RuleRegistry.descriptions {
            XCTAssertFalse(rule.summary.isEmpty, rule.identifier)
            // Explanations stand on their own: they cite no section of a document a user's copy does not have.
            XCTAssertFalse(rule.explanation.contains("§"), "\(rule.identifier) cites a section number")
            XCTAssertTrue(rule.explanation.contains("Fix"), "\(rule.identifier) says how to fix it")
            XCTAssertFalse(rule.triggeringExamples.isEmpty, rule.identifier)
            XCTAssertFalse(rule.nonTriggeringExamples.isEmpty, rule.identifier)
        }
    }

    func testTriggeringExamplesReportExactlyTheMarkedLines() throws {
        for rule in RuleRegistry.descriptions {
            for (index, example) in rule.triggeringExamples.enumerated() {
                let (trace, marked) = Self.stripMarkers(example)
                XCTAssertFalse(marked.isEmpty, "\(rule.identifier) triggering example \(index) marks a line")
                let lines = try TraceFixture.analyze(trace).findings.filter { $0.rule == rule.identifier }.map(\.line)
                XCTAssertEqual(lines, marked, "\(rule.identifier) triggering example \(index)")
            }
        }
    }

    func testNonTriggeringExamplesReportNothing() throws {
        for rule in RuleRegistry.descriptions {
            for (index, example) in rule.nonTriggeringExamples.enumerated() {
                let (trace, marked) = Self.stripMarkers(example)
                XCTAssertTrue(marked.isEmpty, "\(rule.identifier) non-triggering example \(index) has no marks")
                let findings = try TraceFixture.analyze(trace).findings.filter { $0.rule == rule.identifier }
                XCTAssertEqual(findings.map(\.message), [], "\(rule.identifier) non-triggering example \(index)")
            }
        }
    }

    func testDisabledRuleReportsNothingOnItsOwnTrigger() throws {
        var options = AnalysisOptions()
        options.rules = RuleRegistry.all.filter { $0.description.identifier != "appearance-order" }
        let (trace, _) = Self.stripMarkers(AppearanceOrderRule.description.triggeringExamples[0])
        XCTAssertTrue(try TraceFixture.analyze(trace, options: options).findings.isEmpty)
    }

    /// Removes the `↓` markers and returns the marked line numbers (1-based).
    static func stripMarkers(_ example: String) -> (String, [Int]) {
        var marked: [Int] = []
        let lines = example.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            guard line.hasPrefix("↓") else { return String(line) }
            marked.append(index + 1)
            return String(line.dropFirst())
        }
        return (lines.joined(separator: "\n") + "\n", marked)
    }
}
