import Foundation
import XCTest

/// Nothing outside the inputs named is read: a symbolic link in a walked folder is not followed (a pull request
/// that adds `traces/shadow.log -> /etc/shadow` leaks nothing), `--follow-links` never leaves the folder named,
/// and what was skipped is said once.
final class InputExpansionTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("traces/inner"), withIntermediateDirectories: true)
        try Data("root:TOPSECRET:19000:0:99999:7:::\n".utf8).write(to: root.appendingPathComponent("secret.log"))
        try Data("vc1 viewWillAppear\nvc1 viewWillAppear\n".utf8).write(to: root.appendingPathComponent("traces/inner/app.log"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("traces/shadow.log").path,
                                                   withDestinationPath: "../secret.log")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("traces/everything").path,
                                                   withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("traces/alias.log").path,
                                                   withDestinationPath: "inner/app.log")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    func testLinksInAFolderAreNotFollowedAndNamedOnce() throws {
        for command in [["check"], ["stats"], ["report", "--markdown", "-"]] {
            let result = try CLIRunner.run(command + ["traces"], in: root)
            XCTAssertFalse((result.stdout + result.stderr).contains("TOPSECRET"), "\(command): \(result.stderr)")
            XCTAssertFalse(result.stdout.contains("shadow"), "\(command)")
            XCTAssertEqual(result.stderr.components(separatedBy: "symbolic link").count - 1, 1, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(
                "lifeline: note: 3 symbolic links (traces/alias.log, traces/everything, traces/shadow.log) in folders not followed; --follow-links follows those that stay inside the folder named\n"),
                "\(command): \(result.stderr)")
        }
    }

    func testFollowLinksStaysInsideTheFolderNamed() throws {
        let result = try CLIRunner.run(["check", "--follow-links", "traces"], in: root)
        XCTAssertFalse((result.stdout + result.stderr).contains("TOPSECRET"), result.stderr)
        XCTAssertTrue(result.stdout.contains("traces/inner/app.log:2: warning"), result.stdout)
        XCTAssertFalse(result.stdout.contains("alias.log"), "the file inside is read once, under its own path")
        XCTAssertTrue(result.stderr.contains("lifeline: note: 2 symbolic links (traces/everything, traces/shadow.log) leading outside the folder named not followed\n"),
                      result.stderr)
    }

    func testALinkNamedOnTheCommandLineIsRead() throws {
        let result = try CLIRunner.run(["check", "traces/alias.log"], in: root)
        XCTAssertTrue(result.stdout.contains("traces/alias.log:2: warning"), result.stdout)
    }
}
