import Foundation
import XCTest
@testable import LifelineCLI
import LifelineKit

/// `lifeline man`: every command, option and example of the specs, in roff that groff renders without a warning.
final class ManualPageTests: XCTestCase {
    private var page: String {
        ManualPage.page(for: Lifeline.commands, version: Lifeline.version, description: ManCommand.description,
                        sections: ManCommand.sections)
    }

    func testTheCommandPrintsThePage() throws {
        let result = try CLIRunner.run(["man"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, page)
        XCTAssertTrue(page.hasPrefix(".TH LIFELINE 1 \"\" \"lifeline \(Lifeline.version)\" \"User Commands\"\n"))
    }

    func testEveryCommandOptionValueAndExampleIsOnThePage() {
        let page = self.page
        for option in Lifeline.commands.allOptions {
            XCTAssertTrue(page.contains(".TP\n\\fB\(ManualPage.code(option.names[0]))\\fR"), option.names[0])
        }
        for command in Lifeline.commands.commands {
            XCTAssertTrue(page.contains(".SS \"lifeline \(command.name)\"\n"), command.name)
            XCTAssertTrue(page.contains(ManualPage.text(command.abstract)), command.name)
            let section = page.components(separatedBy: ".SS \"lifeline \(command.name)\"\n")[1]
                .components(separatedBy: "\n.SS ")[0].components(separatedBy: "\n.SH ")[0]
            for option in command.allOptions {
                let names = option.names.map { "\\fB\(ManualPage.code($0))\\fR" }.joined(separator: ", ")
                XCTAssertTrue(section.contains(".TP\n" + names), "\(command.name) \(option.names)")
                XCTAssertTrue(section.contains(ManualPage.text(HelpFormatter.summary(of: option))), "\(command.name) \(option.names)")
            }
            for example in command.examples {
                XCTAssertTrue(section.contains("\n" + ManualPage.code(example) + "\n"), example)
            }
        }
    }

    func testEveryRuleIsListed() {
        let rules = page.components(separatedBy: "\n.SH RULES\n")[1].components(separatedBy: "\n.SH ")[0]
        for rule in RuleRegistry.descriptions {
            XCTAssertTrue(rules.contains(ManualPage.text("\(rule.identifier) (\(rule.severity.rawValue)): \(rule.summary).")), rule.identifier)
        }
    }

    func testRoffEscapes() {
        XCTAssertEqual(ManualPage.text(".lifeline.json"), "\\&.lifeline.json")
        XCTAssertEqual(ManualPage.text("a\\b → c"), "a\\eb \\[u2192] c")
        XCTAssertEqual(ManualPage.code("--fail-on"), "\\-\\-fail\\-on")
    }

    func testGroffRendersThePageWithoutWarnings() throws {
        let result = try ShellRunner.run("groff", ["-man", "-ww", "-z"], stdin: page)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let text = try ShellRunner.run("groff", ["-man", "-Tutf8", "-P", "-cbou"], stdin: page)  // plain text, no overstrikes
        for command in Lifeline.commands.commands {
            XCTAssertTrue(text.stdout.contains("\n       lifeline \(command.name) [options]"), command.name)
        }
    }
}
