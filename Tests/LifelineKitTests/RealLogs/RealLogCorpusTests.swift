import Foundation
import XCTest
@testable import LifelineKit

/// The logs people posted publicly (`Fixtures/`, each with its `source` and expected findings in
/// `NAME.expect.json`), checked as `lifeline check` would: every expected finding is reported as an error or
/// warning (same rule, at its line ±2 or on its controller), clean logs get no error and no warning, no other
/// rule fires, and every log that mentions a lifecycle callback yields events.
final class RealLogCorpusTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Expectation {
        var rule: String
        var controller: String
        var line: Int
    }

    func testEveryRealLogGivesItsExpectedFindings() throws {
        let logs = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".log") }.sorted()
        XCTAssertGreaterThanOrEqual(logs.count, 61)
        for log in logs {
            let url = Self.folder.appendingPathComponent(log)
            let expectURL = url.deletingPathExtension().appendingPathExtension("expect.json")
            let expect = try JSONParser.parse(String(decoding: try Data(contentsOf: expectURL), as: UTF8.self))
            XCTAssertNotNil(expect["source"]?.stringValue, "\(log) keeps its source")
            let expected = (expect["expected_findings"]?.arrayValue ?? []).map {
                Expectation(rule: $0["rule"]?.stringValue ?? "", controller: $0["controller"]?.stringValue ?? "",
                            line: Int($0["line"]?.intValue ?? 0))
            }
            let outcome = try TraceFixture.analyze(bytes: Array(try Data(contentsOf: url)))
            let reported = outcome.findings.filter { $0.severity >= .warning }

            let answers = Self.oneToOne(expected, reported)
            for (expectation, answer) in zip(expected, answers) where answer == nil {
                XCTFail("\(log): expected \(expectation.rule) at line \(expectation.line) on \(expectation.controller), answered by a finding of its own; got \(Self.describe(reported))")
            }
            if expect["expected_clean"]?.boolValue == true {
                XCTAssertTrue(reported.isEmpty, "\(log) is clean; got \(Self.describe(reported))")
            }
            // One to one: every finding answers an expectation of its own.
            let answered = Set(answers.compactMap { $0 })
            for (index, finding) in reported.enumerated() where !answered.contains(index) {
                XCTFail("\(log): unexpected \(finding.rule) at line \(finding.line): \(finding.message)")
            }
            if Self.mentionsCallbacks(try String(contentsOf: url, encoding: .utf8)) {
                XCTAssertGreaterThan(outcome.statistics.events, 0, "\(log) mentions callbacks, so it must yield events")
            }
        }
    }

    func testEventsExplainsEveryLineOfEveryRealLog() throws {
        let logs = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".log") }.sorted()
        for log in logs {
            let path = Self.folder.appendingPathComponent(log).path
            var numbers: [Int] = []
            var events = 0, unattributed = 0
            try LineExplainer().explain(.file(path)) { explanation in
                numbers.append(explanation.line)
                if case .event = explanation.reading { events += 1 }
                if case .unattributed = explanation.reading { unattributed += 1 }
            }
            let outcome = try TraceFixture.analyze(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            XCTAssertEqual(numbers, Array(1...outcome.statistics.lines), "\(log): one explanation per line, in order")
            // Observer lines outside any callback are events to the recogniser and unattributed to the engine.
            let observersOutsideCallbacks = outcome.statistics.unattributedLines - unattributed
            XCTAssertEqual(events, outcome.statistics.events + observersOutsideCallbacks,
                           "\(log): the lines explained as events are the events check counts")
        }
    }

    /// For each expectation, the index of the reported finding that answers it, no finding answering two
    /// (maximum bipartite matching by augmenting paths: the logs hold a handful of findings each).
    static func oneToOne(_ expected: [Expectation], _ reported: [Finding]) -> [Int?] {
        var answerOf = [Int?](repeating: nil, count: expected.count)
        var expectationOf = [Int?](repeating: nil, count: reported.count)
        func assign(_ e: Int, _ visited: inout Set<Int>) -> Bool {
            for f in reported.indices where matches(reported[f], expected[e]) && visited.insert(f).inserted {
                if expectationOf[f] == nil || assign(expectationOf[f]!, &visited) {
                    expectationOf[f] = e
                    answerOf[e] = f
                    return true
                }
            }
            return false
        }
        for e in expected.indices {
            var visited = Set<Int>()
            _ = assign(e, &visited)
        }
        return answerOf
    }

    func testOneToOneMatchingGivesEachExpectationItsOwnFinding() {
        let finding = ReportFixtures.finding("load-once", line: 4, controller: "A")
        let two = [Expectation(rule: "load-once", controller: "B", line: 3), Expectation(rule: "load-once", controller: "B", line: 5)]
        XCTAssertEqual(Self.oneToOne(two, [finding]).compactMap { $0 }.count, 1, "one finding answers one expectation")
        var other = finding
        other.line = 6
        XCTAssertEqual(Self.oneToOne(two, [other, finding]), [1, 0], "the assignment that answers both is found")
    }

    /// Same rule, and at the expected line ±2 or on the expected controller.
    static func matches(_ finding: Finding, _ expectation: Expectation) -> Bool {
        guard finding.rule == expectation.rule else { return false }
        if abs(finding.line - expectation.line) <= 2 { return true }
        let ref = finding.subject.ref
        return [ref.name, ref.description, ref.description.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))]
            .contains(expectation.controller)
    }

    /// An independent, deliberately plain test of "this log is about view controller lifecycles".
    static func mentionsCallbacks(_ text: String) -> Bool {
        ["loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
         "LayoutSubviews", "willMove", "didMove", "dealloc", "deinit"].contains { text.contains($0) }
    }

    static func describe(_ findings: [Finding]) -> String {
        findings.isEmpty ? "none" : findings.map { "\($0.rule)@\($0.line)" }.joined(separator: ", ")
    }
}
