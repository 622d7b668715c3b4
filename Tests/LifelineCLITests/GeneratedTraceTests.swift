import Foundation
import XCTest

/// A realistic generated trace (`Scripts/generate-trace`, about 1 MB) yields exactly the findings of the
/// anomalies injected into it: none more (false positives on correct UIKit sequences), none fewer.
final class GeneratedTraceTests: XCTestCase {
    private struct Expected: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var rule: String
        static func < (a: Expected, b: Expected) -> Bool { (a.line, a.rule) < (b.line, b.rule) }
        var description: String { "\(line) \(rule)" }
    }

    private var directory = FileManager.default.temporaryDirectory

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Generates a trace and returns its path and the findings written beside it.
    private func generate(seed: Int, shape: String = "navigation") throws -> (trace: URL, expected: [Expected]) {
        let trace = try CLIRunner.generateTrace(seed: seed, shape: shape, in: directory)
        let listing = try String(contentsOf: URL(fileURLWithPath: trace.path + ".expected"), encoding: .utf8)
        let expected = listing.split(separator: "\n").map { row -> Expected in
            let fields = row.split(separator: " ")
            return Expected(line: Int(fields[0]) ?? 0, rule: String(fields[1]))
        }
        return (trace, expected.sorted())
    }

    private func findings(inJSON output: String) throws -> [Expected] {
        let document = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let findings = document?["findings"] as? [[String: Any]] ?? []
        return findings.map { Expected(line: $0["line"] as? Int ?? 0, rule: $0["rule"] as? String ?? "") }.sorted()
    }

    func testCheckFindsExactlyTheInjectedAnomalies() throws {
        for seed in [1, 2] {
            let (trace, expected) = try generate(seed: seed)
            XCTAssertEqual(Set(expected.map(\.rule)), ["appearance-order", "observer-balance", "not-deallocated"],
                           "every kind of anomaly is injected")
            let result = try CLIRunner.run(["check", "--format", "json", trace.path])
            XCTAssertEqual(result.status, 1, "the hand-called viewWillAppear is an error")
            XCTAssertEqual(try findings(inJSON: result.stdout), expected, "seed \(seed)")
        }
    }

    /// Every controller freed at an address of its own stays deallocated to the end (a compact tomb each): the
    /// findings are the same.
    func testTheDeallocHeavyShapeFindsExactlyTheInjectedAnomalies() throws {
        let (trace, expected) = try generate(seed: 4, shape: "dealloc-heavy")
        XCTAssertEqual(Set(expected.map(\.rule)), ["appearance-order", "observer-balance", "not-deallocated"])
        let result = try CLIRunner.run(["check", "--format", "json", trace.path])
        XCTAssertEqual(try findings(inJSON: result.stdout), expected)
    }

    func testFollowingTheTraceOnAPipeFindsTheSame() throws {
        let (trace, expected) = try generate(seed: 3)
        let text = try String(contentsOf: trace, encoding: .utf8)
        let result = try CLIRunner.run(["check", "--follow", "--format", "json", "-"], stdin: text)
        XCTAssertEqual(try findings(inJSON: result.stdout), expected,
                       "leaks reported as soon as trace time passes the timeout are the ones reported at the end")
    }
}
