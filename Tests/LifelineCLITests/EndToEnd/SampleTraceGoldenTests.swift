import Foundation
import XCTest

/// Each trace in `SampleTraces/` has its expected `lifeline check` output beside it (`NAME.expected`).
/// Set `LIFELINE_UPDATE_GOLDEN=1` to rewrite them after an intended change, then review the diff.
final class SampleTraceGoldenTests: XCTestCase {
    static let samples = CLIRunner.packageRoot.appendingPathComponent("SampleTraces")

    func testEverySampleMatchesItsExpectedDiagnostics() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path)
            .filter { $0.hasSuffix(".log") || $0.hasSuffix(".ndjson") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10, "one sample per scenario")
        for name in names {
            let expectedURL = Self.samples.appendingPathComponent((name as NSString).deletingPathExtension + ".expected")
            let result = try CLIRunner.run(["check", "SampleTraces/\(name)"])
            if ProcessInfo.processInfo.environment["LIFELINE_UPDATE_GOLDEN"] == "1" {
                try result.stdout.write(to: expectedURL, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: expectedURL, encoding: .utf8)
            XCTAssertEqual(result.stdout, expected, name)
            let hasErrors = expected.contains(": error: [")
            XCTAssertEqual(result.status, hasErrors ? 1 : 0, "\(name): exit status follows --fail-on error")
        }
    }

    func testScenariosThatMustStayClean() throws {
        for name in ["push-pop.log", "interactive-pop-completed.log", "interactive-pop-cancelled.log", "modal-fullscreen.log",
                     "modal-sheet.ndjson", "tab-switch.log", "child-containment-correct.log"] {
            let result = try CLIRunner.run(["check", "--fail-on", "info", "SampleTraces/\(name)"])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stdout)")
        }
    }
}
