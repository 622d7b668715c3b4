import Foundation
import XCTest

/// Every file Lifeline writes (reports, baselines) goes through one writer: a regular file is replaced atomically
/// and keeps its mode, what is not a regular file (a device, a FIFO, a link to `/dev/stdout`) is written into, and
/// no temporary file is left.
final class OutputFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    func testABaselineAndAReportKeepTheirModeAndLeaveNothingElse() throws {
        for (option, name) in [("--write-baseline", "baseline.json")] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path(name), contents: Data("{}".utf8)))
            XCTAssertEqual(chmod(path(name), 0o600), 0)
            let result = try CLIRunner.run(["check", option, path(name), "SampleTraces/observer-leak.log"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(mode(path(name)), 0o600, option)
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: path("report.html"), contents: Data()))
        XCTAssertEqual(chmod(path("report.html"), 0o640), 0)
        XCTAssertEqual(try CLIRunner.run(["report", "--html", path("report.html"), "SampleTraces/push-pop.log"]).status, 0)
        XCTAssertEqual(mode(path("report.html")), 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["baseline.json", "report.html"])
    }

    /// A link to `/dev/stdout` or `/dev/null` stays a link, and the output goes where it leads.
    func testOutputsThatAreNotRegularFilesAreWrittenInto() throws {
        try FileManager.default.createSymbolicLink(atPath: path("out.md"), withDestinationPath: "/dev/stdout")
        try FileManager.default.createSymbolicLink(atPath: path("null.json"), withDestinationPath: "/dev/null")
        let report = try CLIRunner.run(["report", "--markdown", path("out.md"), "SampleTraces/push-pop.log"])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.contains("push-pop.log"), "the Markdown went to standard output: \(report.stdout)")
        let baseline = try CLIRunner.run(["check", "--write-baseline", path("null.json"), "SampleTraces/observer-leak.log"])
        XCTAssertEqual(baseline.status, 0, baseline.stderr)
        for name in ["out.md", "null.json"] {
            var info = stat()
            XCTAssertEqual(lstat(path(name), &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "\(name) is still a link")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["null.json", "out.md"])
    }

    /// The old baseline writer created `<path>.<pid>.tmp` following links: a link planted under every such name
    /// got its target overwritten. No name beside the baseline is written through now.
    func testALinkPlantedBesideABaselineIsNeverWrittenThrough() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path("victim"), contents: Data("precious".utf8)))
        let process = Process()  // the next pids are the likely ones
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        for pid in process.processIdentifier..<(process.processIdentifier + 200) {
            try FileManager.default.createSymbolicLink(atPath: path("baseline.json.\(pid).tmp"), withDestinationPath: path("victim"))
        }
        let result = try CLIRunner.run(["check", "--write-baseline", path("baseline.json"), "SampleTraces/observer-leak.log"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOfFile: path("victim"), encoding: .utf8), "precious")
        XCTAssertTrue(try String(contentsOfFile: path("baseline.json"), encoding: .utf8).contains("observer-balance"))
    }
}
