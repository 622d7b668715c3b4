import Foundation
import XCTest

/// Device syslog stamps whole seconds: `stats` marks figures under a second as `< 1 s` instead of `0.00 ms`.
final class ClockResolutionTests: XCTestCase {
    func testWholeSecondTimestampsMarkFiguresUnderASecond() throws {
        let text = try CLIRunner.run(["stats", "SampleTraces/tab-switch.log"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertFalse(text.stdout.contains("0.00 ms"), text.stdout)
        XCTAssertTrue(text.stdout.contains("  appear              2      < 1 s      < 1 s      < 1 s      < 1 s  "), text.stdout)
        XCTAssertTrue(text.stdout.contains("  on screen           1     6.00 s     6.00 s"), "a second or more is measured")
        XCTAssertTrue(text.stdout.hasSuffix("\n< 1 s: under the clock resolution of the logs, whose timestamps have whole seconds\n"))
        let markdown = try CLIRunner.run(["stats", "-f", "markdown", "SampleTraces/tab-switch.log"]).stdout
        XCTAssertTrue(markdown.contains("| appear | 2 | < 1 s | < 1 s | < 1 s | < 1 s |"), markdown)
        let json = try CLIRunner.run(["stats", "-f", "json", "SampleTraces/tab-switch.log"]).stdout
        XCTAssertTrue(json.contains("\"clockResolution\": 1000"), json)
    }

    func testFinerClocksAreNotMarked() throws {
        let text = try CLIRunner.run(["stats", "SampleTraces/push-pop.log"]).stdout
        XCTAssertFalse(text.contains("< 1 s") || text.contains("clock resolution"), text)
        XCTAssertTrue(text.contains("3.00 ms"), text)
    }
}
