import Foundation
import XCTest

/// Which configuration a run uses is never a surprise: a discovered `.lifeline.json` is announced (standard error,
/// `--stats`, JSON), one another user owns is refused as git refuses an unsafe repository, a broken or looping link
/// is an error rather than an absence, and `--config` / `--baseline` read streams (`/dev/stdin`, `<(…)`).
final class ConfigurationLocatorTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("work"), withIntermediateDirectories: true)
        try Data("vc1 viewWillAppear\nvc1 viewWillAppear\n".utf8).write(to: root.appendingPathComponent("work/app.log"))
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    private var work: URL { root.appendingPathComponent("work") }
    private var parentConfiguration: String { root.appendingPathComponent(".lifeline.json").path }

    private func writeParentConfiguration() throws {
        try Data(#"{ "rules": { "appearance-order": false } }"#.utf8).write(to: URL(fileURLWithPath: parentConfiguration))
    }

    func testADiscoveredConfigurationIsAnnouncedOnStandardErrorInStatsAndInJSON() throws {
        try writeParentConfiguration()
        let text = try CLIRunner.run(["check", "--stats", "app.log"], in: work)
        XCTAssertEqual(text.status, 0, "the rule is off: \(text.stdout)")
        XCTAssertTrue(text.stderr.hasPrefix("lifeline: using configuration \(parentConfiguration) (found above the working directory; --config names another)\n"),
                      text.stderr)
        XCTAssertTrue(text.stderr.contains("configuration:     \(parentConfiguration)\n"), text.stderr)
        let json = try CLIRunner.run(["check", "--format", "json", "app.log"], in: work)
        XCTAssertTrue(json.stdout.contains(#""configuration": "\#(parentConfiguration)","#), json.stdout)
        let named = try CLIRunner.run(["check", "--config", parentConfiguration, "--format", "json", "app.log"], in: work)
        XCTAssertFalse(named.stderr.contains("using configuration"), "a file named is not announced: \(named.stderr)")
    }

    func testADiscoveredFileAnotherUserOwnsIsRefused() throws {
        try XCTSkipIf(geteuid() != 0, "only root can give a file to another user")
        try writeParentConfiguration()
        XCTAssertEqual(chown(parentConfiguration, 4242, 4242), 0)
        let refused = try CLIRunner.run(["check", "app.log"], in: work)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("\(parentConfiguration): not used: owned by another user (uid 4242)"), refused.stderr)
        XCTAssertTrue(refused.stdout.isEmpty)
        let named = try CLIRunner.run(["check", "--config", parentConfiguration, "app.log"], in: work)
        XCTAssertEqual(named.status, 0, "--config names it explicitly: \(named.stderr)")
    }

    func testABrokenOrLoopingLinkIsAnErrorNotAnAbsence() throws {
        try FileManager.default.createSymbolicLink(atPath: parentConfiguration, withDestinationPath: "missing.json")
        let broken = try CLIRunner.run(["check", "app.log"], in: work)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("\(parentConfiguration): cannot use configuration: a symbolic link to nothing"), broken.stderr)
        try FileManager.default.removeItem(atPath: parentConfiguration)
        try FileManager.default.createSymbolicLink(atPath: parentConfiguration, withDestinationPath: ".lifeline.json")
        let loop = try CLIRunner.run(["check", "app.log"], in: work)
        XCTAssertEqual(loop.status, 2)
        XCTAssertTrue(loop.stderr.contains("\(parentConfiguration): cannot use configuration: a symbolic link loop"), loop.stderr)
    }

    func testConfigurationAndBaselineAreReadFromStreams() throws {
        let configuration = try CLIRunner.run(["check", "--config", "/dev/stdin", "--stats", "app.log"],
                                              stdin: #"{ "rules": { "appearance-order": false } }"#, in: work)
        XCTAssertEqual(configuration.status, 0, configuration.stderr)
        XCTAssertTrue(configuration.stderr.contains("configuration:     /dev/stdin\n"), configuration.stderr)
        let recorded = try CLIRunner.run(["check", "--write-baseline", "baseline.json", "app.log"], in: work)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let baseline = try String(contentsOf: work.appendingPathComponent("baseline.json"), encoding: .utf8)
        let compared = try CLIRunner.run(["check", "--baseline", "/dev/stdin", "--fail-on", "warning", "app.log"], stdin: baseline, in: work)
        XCTAssertEqual(compared.status, 0, "every finding is in the baseline read from standard input: \(compared.stderr)")
        let missing = try CLIRunner.run(["check", "--config", "missing.json", "app.log"], in: work)
        XCTAssertTrue(missing.stderr.contains("missing.json: cannot read configuration file: no such file"), missing.stderr)
    }

    /// A walked folder names the real reason a file cannot be read, never "broken symbolic link" for a file that is none.
    func testAFileNameThatIsNotUTF8IsNamedAsSuch() throws {
        let folder = work.appendingPathComponent("traces")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = Array(folder.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".log".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        let result = try CLIRunner.run(["check", "traces"], in: work)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("traces/bad\u{FFFD}.log: error: file name is not UTF-8: not read; rename it"), result.stderr)
        let named = try CLIRunner.run(["check", "traces/bad\u{FFFD}.log"], in: work)  // as the program receives the name
        XCTAssertEqual(named.status, 2)
        XCTAssertTrue(named.stderr.contains("traces/bad\u{FFFD}.log: error: cannot read: the file name is not UTF-8 (rename the file)"), named.stderr)
    }
}
