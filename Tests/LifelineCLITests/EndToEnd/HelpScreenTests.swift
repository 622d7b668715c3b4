import Foundation
import XCTest
@testable import LifelineCLI

/// Every `--help` fits one 80 × 24 terminal screen, and `--version` prints the one version Lifeline has.
final class HelpScreenTests: XCTestCase {
    func testEveryCommandsHelpFitsOneScreen() throws {
        let invocations = [["--help"]] + Lifeline.commands.commands.map { [$0.name, "--help"] }
        for arguments in invocations {
            let result = try CLIRunner.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            XCTAssertGreaterThan(lines.count, 3, "\(arguments)")
            XCTAssertLessThanOrEqual(lines.count, 24, "\(arguments)\n\(result.stdout)")
            for line in lines {
                XCTAssertLessThanOrEqual(line.count, 80, "\(arguments): \(line)")
            }
        }
    }

    func testHelpThatLeavesDetailsOutSaysWhereTheyAre() throws {
        let help = try CLIRunner.run(["check", "--help"]).stdout
        XCTAssertTrue(help.hasSuffix("\nDetails and examples: man lifeline (see 'lifeline man --help' to install it).\n"), help)
        for option in CheckCommand.spec.options {
            XCTAssertTrue(help.contains("\n  \(option.names[0])"), option.names[0])
        }
        let man = try CLIRunner.run(["man", "--help"]).stdout
        XCTAssertTrue(man.contains("lifeline man | sudo tee /usr/local/share/man/man1/lifeline.1"), man)
    }

    func testVersion() throws {
        let result = try CLIRunner.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "lifeline \(Lifeline.version)\n")
        XCTAssertNotNil(Lifeline.version.wholeMatch(of: /\d+\.\d+\.\d+/), "semantic version")
        let sarif = try CLIRunner.run(["check", "--format", "sarif", "SampleTraces/push-pop.log"]).stdout
        XCTAssertTrue(sarif.contains("\"version\": \"\(Lifeline.version)\""), "SARIF names the same version")
    }
}
