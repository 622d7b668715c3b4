import XCTest
@testable import LifelineKit

/// Runs every rule's own examples: each triggering example must produce a finding of that rule on exactly
/// the lines marked `↓`, and each non-triggering example none. The same examples are shown by
/// `lifeline rules explain`. Rule templates run theirs with the configuration they carry, and are judged by the
/// findings of the rules that configuration defines.
final class RuleExamplesTests: XCTestCase {
    /// Every built-in rule and every template, with the options its examples run with and the rules they judge.
    static func documented() throws -> [(description: RuleDescription, options: AnalysisOptions, rules: Set<String>)] {
        var all = RuleRegistry.descriptions.map { ($0, AnalysisOptions(), Set([$0.identifier])) }
        for template in RuleTemplates.all {
            let description = template.description
            let json = try XCTUnwrap(description.exampleConfiguration, "\(description.identifier) carries a configuration")
            let configuration = try ConfigurationParser.parse(json, file: "\(description.identifier) example")
            XCTAssertEqual(configuration.customRules.map(\.template), [description.identifier], "its example configures a rule of it")
            let options = try configuration.options(for: "example.log", base: AnalysisOptions())
            all.append((description, options, Set(configuration.customRules.map(\.identifier))))
        }
        return all
    }

    func testEveryRuleHasDocumentationAndExamples() throws {
        XCTAssertEqual(RuleRegistry.descriptions.count, 12)
        XCTAssertEqual(RuleTemplates.all.count, 9)
        for template in RuleTemplates.all {
            XCTAssertTrue(template.description.explanation.contains("Fix"), "\(template.description.identifier) says how to fix it")
            XCTAssertFalse(template.description.triggeringExamples.isEmpty, template.description.identifier)
            XCTAssertFalse(template.description.nonTriggeringExamples.isEmpty, template.description.identifier)
        }
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
        for (rule, options, judged) in try Self.documented() {
            for (index, example) in rule.triggeringExamples.enumerated() {
                let (trace, marked) = Self.stripMarkers(example)
                XCTAssertFalse(marked.isEmpty, "\(rule.identifier) triggering example \(index) marks a line")
                let lines = try TraceFixture.analyze(trace, options: options).findings.filter { judged.contains($0.rule) }.map(\.line)
                XCTAssertEqual(lines, marked, "\(rule.identifier) triggering example \(index)")
            }
        }
    }

    func testNonTriggeringExamplesReportNothing() throws {
        for (rule, options, judged) in try Self.documented() {
            for (index, example) in rule.nonTriggeringExamples.enumerated() {
                let (trace, marked) = Self.stripMarkers(example)
                XCTAssertTrue(marked.isEmpty, "\(rule.identifier) non-triggering example \(index) has no marks")
                let findings = try TraceFixture.analyze(trace, options: options).findings.filter { judged.contains($0.rule) }
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
