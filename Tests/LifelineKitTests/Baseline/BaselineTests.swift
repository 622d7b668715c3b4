import XCTest
@testable import LifelineKit

final class BaselineTests: XCTestCase {
    private let paths = BaselinePaths(baselineFile: "lifeline-baseline.json", workingDirectory: "/repo")

    /// A trace with one hand-called viewWillAppear per controller.
    private func trace(address: String, noise: Int, extraHandCall: Bool = false) -> String {
        let card = "<Shop.CardViewController: 0x\(address)>"
        var lines = ["\(card) viewWillAppear(_:)", "\(card) viewDidAppear(_:)"]
        lines += (0..<noise).map { "Network reachability changed: \($0)" }
        lines += ["\(card) viewWillAppear(_:)", "\(card) viewDidAppear(_:)"]
        if extraHandCall { lines += ["\(card) viewWillAppear(_:)", "\(card) viewDidAppear(_:)"] }
        return lines.joined(separator: "\n") + "\n"
    }

    private func findings(_ text: String, file: String = "traces/card.log") throws -> [Finding] {
        try TraceFixture.analyze(text).findings.map { finding in
            var located = finding
            located.file = file
            return located
        }
    }

    func testRecordedFindingsSurviveUnrelatedEditsAndNewAddresses() throws {
        let before = try findings(trace(address: "7f01", noise: 0))
        XCTAssertEqual(before.map(\.rule), ["appearance-order"])
        let baseline = Baseline(recording: before, paths: paths)
        let after = try findings(trace(address: "600001234", noise: 25))
        XCTAssertNotEqual(after.map(\.line), before.map(\.line))
        let (fresh, known) = baseline.newFindings(in: after, paths: paths)
        XCTAssertTrue(fresh.isEmpty)
        XCTAssertEqual(known, 1)
    }

    func testAnotherOccurrenceOfAKnownFindingIsNew() throws {
        let baseline = Baseline(recording: try findings(trace(address: "7f01", noise: 0)), paths: paths)
        let after = try findings(trace(address: "7f01", noise: 3, extraHandCall: true))
        let (fresh, known) = baseline.newFindings(in: after, paths: paths)
        XCTAssertEqual(fresh.map(\.line), [8], "the second hand call, after the known one")
        XCTAssertEqual(known, 1)
    }

    func testTheSameFindingInAnotherFileIsNew() throws {
        let baseline = Baseline(recording: try findings(trace(address: "7f01", noise: 0)), paths: paths)
        let elsewhere = try findings(trace(address: "7f01", noise: 0), file: "traces/other.log")
        XCTAssertEqual(baseline.newFindings(in: elsewhere, paths: paths).findings.count, 1)
    }

    func testFingerprintsCountOccurrencesPerFileRuleControllerAndEvent() {
        let findings = [
            ReportFixtures.finding(line: 1), ReportFixtures.finding(line: 2), ReportFixtures.finding(line: 3, event: .callback(.viewWillAppear)),
            ReportFixtures.finding(file: "b.log", line: 4), ReportFixtures.finding(line: 5, controller: "Shop.ListViewController"),
        ]
        XCTAssertEqual(Fingerprint.of(findings) { $0 }.map(\.occurrence), [1, 2, 1, 1, 1])
        XCTAssertEqual(Fingerprint.of(findings) { $0 }[0],
                       Fingerprint(file: "traces/cart.log", rule: "appearance-order", controller: "Shop.CartViewController",
                                   event: "viewDidAppear", occurrence: 1))
    }

    func testSerializedBaselineReadsBackAndIsSortedOneFindingPerLine() throws {
        let findings = [ReportFixtures.finding(file: "/repo/traces/b.log"), ReportFixtures.finding(file: "traces/a.log"),
                        ReportFixtures.finding(file: "traces/a.log", line: 40)]
        let baseline = Baseline(recording: findings, paths: paths)
        let text = baseline.serialized()
        XCTAssertEqual(text, """
        {
          "version": 1,
          "findings": [
            {"file":"traces/a.log","rule":"appearance-order","controller":"Shop.CartViewController","event":"viewDidAppear","occurrence":1},
            {"file":"traces/a.log","rule":"appearance-order","controller":"Shop.CartViewController","event":"viewDidAppear","occurrence":2},
            {"file":"traces/b.log","rule":"appearance-order","controller":"Shop.CartViewController","event":"viewDidAppear","occurrence":1}
          ]
        }

        """)
        XCTAssertEqual(try Baseline.parse(text, file: "b.json"), baseline)
        XCTAssertEqual(Baseline().serialized(), "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
    }

    func testPathsAreRelativeToTheBaselineFolderFromAnyWorkingDirectory() {
        let fromRoot = BaselinePaths(baselineFile: "ci/baseline.json", workingDirectory: "/repo")
        let fromTraces = BaselinePaths(baselineFile: "../ci/baseline.json", workingDirectory: "/repo/traces")
        XCTAssertEqual(fromRoot.key("traces/a.log"), "../traces/a.log")
        XCTAssertEqual(fromTraces.key("./a.log"), "../traces/a.log")
        XCTAssertEqual(fromTraces.key("/repo/traces/a.log"), "../traces/a.log")
        XCTAssertEqual(fromRoot.key("<stdin>"), "<stdin>")
    }

    func testBadBaselinesAreRejectedWithTheReason() {
        let cases = [
            ("[1]", "b.json: expected a JSON object"),
            ("{\"findings\": []}", "b.json: missing \"version\" (not a Lifeline baseline?)"),
            ("{\"version\": 2, \"findings\": []}", "b.json: unsupported version 2 (this Lifeline reads version 1)"),
            ("{\"version\": 1}", "b.json: findings: expected an array"),
            ("{\"version\": 1, \"findings\": [{\"file\": \"a\", \"rule\": \"r\", \"controller\": \"C\", \"event\": \"e\", \"occurrence\": 0}]}",
             "b.json: findings[0].occurrence: expected an integer ≥ 1"),
            ("{\"version\": 1, \"findings\": [{\"file\": \"a\", \"rule\": 3, \"controller\": \"C\", \"event\": \"e\", \"occurrence\": 1}]}",
             "b.json: findings[0].rule: expected a string"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try Baseline.parse(text, file: "b.json"), text) { error in
                XCTAssertEqual((error as? BaselineError)?.description, message)
            }
        }
        XCTAssertThrowsError(try Baseline.parse("{\"version\": 1,", file: "b.json")) { error in
            XCTAssertTrue((error as? BaselineError)?.description.hasPrefix("b.json: not JSON: ") ?? false)
        }
    }
}
