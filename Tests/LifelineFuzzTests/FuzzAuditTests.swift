import Foundation
import XCTest
@testable import LifelineKit

/// Folders of mutated traces give byte-identical reports whatever the number of jobs, in the library and through
/// the `lifeline` executable; following standard input reports what checking the file reports.
final class FuzzAuditTests: XCTestCase {
    private static let seed: UInt64 = 0xA0D1_7000
    private static let audits = 12, filesPerAudit = 8, cliRuns = 4

    func testAuditsOfMutatedFilesAreTheSameWithOneJobOrSeveral() throws {
        let corpus = try FuzzCorpus.load()
        for audit in 0..<Self.audits {
            let folder = try mutatedFolder(corpus, seed: Self.seed &+ UInt64(audit * 100))
            defer { try? FileManager.default.removeItem(at: folder) }
            let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .map { TraceInput.file(folder.appendingPathComponent($0).path) }
            let single = render(Audit(jobs: 1, options: { _ in AnalysisOptions() }).run(inputs))
            let several = render(Audit(jobs: 3, options: { _ in AnalysisOptions() }).run(inputs))
            XCTAssertEqual(several, single, "audit \(audit) of \(folder.path)")
            XCTAssertTrue(single.contains("\"files\""), "the report was rendered")
        }
    }

    func testTheExecutableGivesTheSameOutputForAnyJobsAndWhenFollowingStandardInput() throws {
        let lifeline = try executable()
        let corpus = try FuzzCorpus.load()
        for run in 0..<Self.cliRuns {
            let folder = try mutatedFolder(corpus, seed: Self.seed &+ 7 &+ UInt64(run * 100))
            defer { try? FileManager.default.removeItem(at: folder) }
            let one = try execute(lifeline, ["check", folder.path, "--jobs", "1", "--format", "json", "--fail-on", "never"])
            let two = try execute(lifeline, ["check", folder.path, "--jobs", "2", "--format", "json", "--fail-on", "never"])
            XCTAssertEqual(one.status, 0, one.stdout)
            XCTAssertEqual(two.stdout, one.stdout, "--jobs 2 against --jobs 1 on \(folder.path)")

            let file = folder.appendingPathComponent("trace-0.log")
            let bytes = try Data(contentsOf: file)
            let read = try execute(lifeline, ["check", file.path, "--fail-on", "never"])
            let followed = try execute(lifeline, ["check", "--follow", "-", "--fail-on", "never"], stdin: bytes)
            // Following prints each finding when it is certain and end-of-trace findings last: the same findings
            // (a leak may be judged earlier: `FuzzHarness.Outcome.agrees(withFollowed:)`).
            let leak = "[not-deallocated]"
            let followedLines = followed.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("0 errors") && !$0.contains(" in 1 file (") }
            let readLines = read.stdout.replacingOccurrences(of: file.path, with: "<stdin>").split(separator: "\n").map(String.init)
                .filter { !$0.contains(" in 1 file (") }
            XCTAssertEqual(followedLines.filter { !$0.contains(leak) }.sorted(), readLines.filter { !$0.contains(leak) }.sorted(),
                           "--follow - against the file \(file.path)")
            XCTAssertTrue(Set(readLines.filter { $0.contains(leak) }).isSubset(of: followedLines), "no leak missed when following")
        }
    }

    /// A temporary folder of mutated traces, one per fuzz case from `seed` on.
    private func mutatedFolder(_ corpus: [FuzzCorpus.Entry], seed: UInt64) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-fuzz-audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<Self.filesPerAudit {
            let fuzzCase = FuzzCase(seed: seed &+ UInt64(index), corpus: corpus)
            try Data(fuzzCase.bytes).write(to: folder.appendingPathComponent("trace-\(index).log"))
        }
        return folder
    }

    private func render(_ outcomes: [Audit.FileOutcome]) -> String {
        let result = AuditResult(files: outcomes.map(\.summary), findings: Finding.sortedForOutput(outcomes.flatMap(\.findings)))
        return JSONReporter().render(result) + TextReporter().render(result)
    }

    /// The `lifeline` binary of the build that built these tests.
    private func executable() throws -> URL {
        for bundle in [Bundle.main] + Bundle.allBundles {
            var directory = bundle.bundleURL
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("lifeline")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw XCTSkip("lifeline executable not found next to the test bundle; run `swift build` first")
    }

    private func execute(_ lifeline: URL, _ arguments: [String], stdin: Data = Data()) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = lifeline
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread { input.fileHandleForWriting.write(stdin); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
