import Foundation
import XCTest
@testable import LifelineCLI

/// What the README's Install section and the Homebrew formula in docs/ run exists and does what they say.
final class InstallTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheFormulasOwnTestPasses() throws {
        let formula = try read("docs/lifeline.rb")
        let trace = try XCTUnwrap(formula.components(separatedBy: "<<~EOS\n").dropFirst().first?
            .components(separatedBy: "\n    EOS").first)
        let lines = trace.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        let expected = try XCTUnwrap(formula.firstMatch(of: /assert_match "(app\.log[^"]*)", shell_output\("#\{bin\}\/lifeline check app\.log", 1\)/)?.1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-formula-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try (lines.joined(separator: "\n") + "\n").write(to: directory.appendingPathComponent("app.log"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", "app.log"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains(expected), result.stdout)
    }

    func testTheFormulaAndReadmeUseCommandsLifelineHas() throws {
        let formula = try read("docs/lifeline.rb")
        XCTAssertTrue(formula.contains(#"Utils.safe_popen_read(bin/"lifeline", "\#(ManCommand.spec.name)")"#))
        XCTAssertTrue(formula.contains(#"generate_completions_from_executable(bin/"lifeline", "\#(CompletionsCommand.spec.name)")"#))
        let readme = try read("README.md")
        let install = try XCTUnwrap(readme.components(separatedBy: "\n## Install\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        XCTAssertTrue(install.contains("lifeline man | sudo tee /usr/local/share/man/man1/lifeline.1"))
        XCTAssertTrue(install.contains("lifeline --version"))
        for shell in CompletionShell.allCases {
            XCTAssertTrue(install.contains("lifeline completions \(shell.rawValue)"), shell.rawValue)
        }
    }
}
