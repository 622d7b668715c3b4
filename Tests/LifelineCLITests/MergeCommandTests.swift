import Foundation
import XCTest

/// `lifeline merge` of the JSON results of N shards writes, in every format, what one `check` over all their
/// files writes; baselines too.
final class MergeCommandTests: XCTestCase {
    private var directory = FileManager.default.temporaryDirectory

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The sample traces in three shards (every third file), each checked on its own into `shard-N.json`, or with
    /// `command` (such as `stats --samples`).
    private func shards(_ command: [String] = ["check"]) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.packageRoot.appendingPathComponent("SampleTraces").path)
            .filter { !$0.hasSuffix(".expected") }.sorted()
        XCTAssertGreaterThan(names.count, 6)
        return try (0..<3).map { shard in
            let files = names.enumerated().filter { $0.offset % 3 == shard }.map { "SampleTraces/\($0.element)" }
            let result = try CLIRunner.run(command + ["--format", "json", "-q"] + files)
            let path = directory.appendingPathComponent("shard-\(shard).json").path
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    func testEveryFormatOfTheMergeIsByteIdenticalToOneRun() throws {
        let shards = try shards()
        for format in ["text", "json", "jsonl", "sarif", "junit", "github", "markdown"] {
            let one = try CLIRunner.run(["check", "--format", format, "-q", "SampleTraces/"])
            let merged = try CLIRunner.run(["merge", "--format", format] + shards.reversed())
            XCTAssertEqual(merged.stdout, one.stdout, format)
            XCTAssertEqual(merged.status, one.status, format)
            XCTAssertEqual(merged.stderr, "", format)
        }
        let strict = try CLIRunner.run(["merge", "--fail-on", "never"] + shards)
        XCTAssertEqual(strict.status, 0)
    }

    func testBaselinesAreWrittenAndAppliedAsByOneRun() throws {
        let shards = try shards()
        let single = directory.appendingPathComponent("single.json").path, merged = directory.appendingPathComponent("merged.json").path
        _ = try CLIRunner.run(["check", "-q", "--write-baseline", single, "SampleTraces/"])
        _ = try CLIRunner.run(["merge", "-q", "--write-baseline", merged] + shards)
        XCTAssertEqual(try String(contentsOfFile: merged, encoding: .utf8), try String(contentsOfFile: single, encoding: .utf8))
        let applied = try CLIRunner.run(["merge", "--baseline", single] + shards)
        XCTAssertEqual(applied.status, 0, applied.stdout)
        XCTAssertEqual(applied.stdout, try CLIRunner.run(["check", "-q", "--baseline", single, "SampleTraces/"]).stdout)
    }

    func testAFileInTwoShardsOrAShardNotFromCheckIsAnError() throws {
        let shards = try shards()
        let twice = try CLIRunner.run(["merge", shards[0], shards[0]])
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains(" is in two shards, \(shards[0]) and \(shards[0]): check each file in one"), twice.stderr)
        let other = directory.appendingPathComponent("other.json").path
        try #"{"version": 1, "files": []}"#.write(toFile: other, atomically: true, encoding: .utf8)
        let wrong = try CLIRunner.run(["merge", other])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(wrong.stderr, "lifeline: \(other): not the output of 'lifeline check --format json' (version 1, files, findings)\n")
    }

    func testStatsResultsWithSamplesMergeIntoWhatOneRunMeasures() throws {
        let shards = try shards(["stats", "--samples"])
        for format in ["text", "json", "markdown"] {
            let one = try CLIRunner.run(["stats", "--format", format, "-q", "SampleTraces/"])
            let merged = try CLIRunner.run(["merge", "--format", format] + shards.reversed())
            XCTAssertEqual(merged.status, 0, merged.stderr)
            XCTAssertEqual(merged.stdout, one.stdout, format)
        }
        let withSamples = try CLIRunner.run(["merge", "--format", "json", "--samples"] + shards)
        XCTAssertEqual(withSamples.stdout, try CLIRunner.run(["stats", "--format", "json", "--samples", "-q", "SampleTraces/"]).stdout)
        let plain = directory.appendingPathComponent("plain.json").path
        try CLIRunner.run(["stats", "--format", "json", "SampleTraces/push-pop.log"]).stdout.write(toFile: plain, atomically: true, encoding: .utf8)
        let noSamples = try CLIRunner.run(["merge", plain])
        XCTAssertEqual(noSamples.status, 2)
        XCTAssertTrue(noSamples.stderr.contains("no samples: write it with 'stats --format json --samples'"), noSamples.stderr)
    }
}
