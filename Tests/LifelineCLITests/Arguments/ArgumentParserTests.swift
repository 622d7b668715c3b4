import Foundation
import XCTest
@testable import LifelineCLI

final class ArgumentParserTests: XCTestCase {
    private let check = CommandSpec(
        name: "check",
        abstract: "Check lifecycle logs for problems.",
        discussion: "Exit status:\n  0  no findings\n  1  findings reported",
        options: [
            OptionSpec(["--format", "-f"], .value(valueName: "format"), help: "Output format.",
                       allowedValues: ["text", "json", "sarif"], defaultValue: "text"),
            OptionSpec(["--config"], .value(valueName: "path"), help: "Configuration file."),
            OptionSpec(["--rule"], .value(valueName: "id"), help: "Run only this rule.", repeatable: true),
            OptionSpec(["--leak-timeout"], .value(valueName: "seconds"), help: "Leak timeout.", defaultValue: "5"),
            OptionSpec(["--quiet", "-q"], help: "Print findings only."),
        ],
        positionals: [PositionalSpec("input", help: "Log files; '-' reads standard input.", maxCount: nil)],
        examples: ["lifeline check app.log"]
    )

    private func parse(_ arguments: [String]) throws -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: check)
    }

    private func assertError(_ arguments: [String], for spec: CommandSpec? = nil, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ArgumentParser.parse(arguments, for: spec ?? check), file: file, line: line) { error in
            XCTAssertEqual((error as? ArgumentError)?.description, message, file: file, line: line)
        }
    }

    // MARK: Options

    func testValueSeparatedBySpace() throws {
        XCTAssertEqual(try parse(["--format", "json", "a.log"]).value("--format"), "json")
    }

    func testValueAfterEqualsSplitsAtFirstEquals() throws {
        let parsed = try parse(["--config=a=b.toml", "a.log"])
        XCTAssertEqual(try parsed.value("--config"), "a=b.toml")
        XCTAssertEqual(try parse(["--config=", "a.log"]).value("--config"), "")
    }

    func testAnyNameFindsTheOption() throws {
        let parsed = try parse(["-f", "sarif", "-q", "a.log"])
        XCTAssertEqual(try parsed.value("--format"), "sarif")
        XCTAssertEqual(try parsed.value("-f"), "sarif")
        XCTAssertTrue(try parsed.flag("--quiet"))
        XCTAssertTrue(try parsed.flag("-q"))
    }

    func testAbsentFlagIsFalse() throws {
        XCTAssertFalse(try parse(["a.log"]).flag("--quiet"))
    }

    func testFlagGivenValueIsAnError() {
        assertError(["--quiet=yes", "a.log"], "option '--quiet' does not take a value")
        assertError(["--help=yes"], "option '--help' does not take a value")
    }

    func testMissingValueAtEnd() {
        assertError(["a.log", "--config"], "option '--config' needs a value")
    }

    func testOptionIsNotTakenAsValue() {
        assertError(["--config", "--quiet", "a.log"], "option '--config' needs a value")
        assertError(["--config", "-q", "a.log"], "option '--config' needs a value")
        assertError(["--config", "--", "a.log"], "option '--config' needs a value")
    }

    func testNegativeLookingValueIsAccepted() throws {
        XCTAssertEqual(try parse(["--leak-timeout", "-1", "a.log"]).value("--leak-timeout"), "-1")
    }

    func testLoneDashIsAcceptedAsValue() throws {
        XCTAssertEqual(try parse(["--config", "-", "a.log"]).value("--config"), "-")
    }

    func testOptionsMayFollowPositionals() throws {
        let parsed = try parse(["a.log", "--quiet", "b.log", "--format", "json"])
        XCTAssertEqual(parsed.positionals, ["a.log", "b.log"])
        XCTAssertTrue(try parsed.flag("--quiet"))
        XCTAssertEqual(try parsed.value("--format"), "json")
    }

    func testInvalidValue() {
        assertError(["--format", "xml", "a.log"], "invalid value 'xml' for '--format' (expected one of: text, json, sarif)")
        assertError(["-f=xml", "a.log"], "invalid value 'xml' for '-f' (expected one of: text, json, sarif)")
    }

    func testNonRepeatableOptionGivenTwice() {
        assertError(["--config", "a", "--config", "b", "a.log"], "option '--config' given twice")
        assertError(["--format", "text", "-f", "json", "a.log"], "option '--format' given twice")
        assertError(["-q", "--quiet", "a.log"], "option '--quiet' given twice")
    }

    func testRepeatableOptionAccumulatesValues() throws {
        let parsed = try parse(["--rule", "leak", "a.log", "--rule=order"])
        XCTAssertEqual(try parsed.values("--rule"), ["leak", "order"])
        XCTAssertEqual(try parsed.value("--rule"), "order")
    }

    func testDefaults() throws {
        let parsed = try parse(["a.log"])
        XCTAssertEqual(try parsed.value("--format"), "text")
        XCTAssertEqual(try parsed.values("--format"), [])
        XCTAssertEqual(try parsed.value("--leak-timeout"), "5")
        XCTAssertNil(try parsed.value("--config"))
        XCTAssertEqual(try parsed.values("--rule"), [])
    }

    /// A name the command does not declare is the program's own mistake: an error saying where, not a trap.
    func testReadingAnUndeclaredOptionIsAnErrorNamingTheSourceLine() throws {
        let parsed = try parse(["a.log"])
        let line = #line + 1
        XCTAssertThrowsError(try parsed.value("--fromat")) { error in
            XCTAssertEqual("\(error)", "internal error at LifelineCLITests/ArgumentParserTests.swift:\(line): the program reads option "
                           + "'--fromat', which 'check' does not declare; please report this bug with the command line you ran")
        }
        XCTAssertThrowsError(try parsed.flag("--quiett"))
        XCTAssertThrowsError(try parsed.values("--rules"))
        XCTAssertFalse(try parse(["a.log"]).helpRequested)
        XCTAssertTrue(try parse(["--help"]).helpRequested)
    }

    /// Every option name the commands read is one they declare (the accessors would otherwise throw).
    func testEveryCommandReadsOnlyOptionsItDeclares() throws {
        let root = CLIRunner.packageRoot.appendingPathComponent("Sources/LifelineCLI")
        let specs: [String: CommandSpec] = ["CheckCommand.swift": CheckCommand.spec, "ReportCommand.swift": ReportCommand.spec,
                                            "EventsCommand.swift": EventsCommand.spec, "RulesCommand.swift": RulesCommand.spec]
        let reads = try NSRegularExpression(pattern: #"(?:arguments\.(?:value|values|flag)|explicit)\("(-[^"]+)""#)
        var checked = 0
        for (file, spec) in specs {
            let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let declared = Set(spec.options.flatMap(\.names))
            for match in reads.matches(in: source, range: NSRange(location: 0, length: (source as NSString).length)) {
                let name = (source as NSString).substring(with: match.range(at: 1))
                XCTAssertTrue(declared.contains(name), "\(file) reads \(name), which \(spec.name) does not declare")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 15, "the reads were found")
    }

    // MARK: Unknown options

    func testUnknownOptionSuggestsNearName() {
        assertError(["--fromat", "json", "a.log"], "unknown option '--fromat' (did you mean '--format'?)")
        assertError(["--qiuet", "a.log"], "unknown option '--qiuet' (did you mean '--quiet'?)")
        assertError(["--hlep"], "unknown option '--hlep' (did you mean '--help'?)")
    }

    func testUnknownOptionSuggestsUniqueExtension() {
        assertError(["--leak", "3", "a.log"], "unknown option '--leak' (did you mean '--leak-timeout'?)")
        assertError(["--con=x", "a.log"], "unknown option '--con' (did you mean '--config'?)")
    }

    func testUnknownOptionWithoutCloseName() {
        assertError(["--verbose", "a.log"], "unknown option '--verbose'")
        assertError(["-x", "a.log"], "unknown option '-x'")
    }

    func testClosestNamePrefersFewestEditsThenEarliest() {
        XCTAssertEqual(ArgumentError.closestName(to: "--quite", among: ["--quiet", "--quit"]), "--quit")
        XCTAssertEqual(ArgumentError.closestName(to: "--ab", among: ["--ac", "--ad"]), "--ac")
        XCTAssertNil(ArgumentError.closestName(to: "--re", among: ["--report", "--reset"]))
        XCTAssertEqual(ArgumentError.closestName(to: "--re", among: ["--report", "--reset", "--r"]), "--r")
    }

    func testEditDistance() {
        XCTAssertEqual(ArgumentError.editDistance("", "abc"), 3)
        XCTAssertEqual(ArgumentError.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(ArgumentError.editDistance("fromat", "format"), 2)
        XCTAssertEqual(ArgumentError.editDistance("same", "same"), 0)
    }

    // MARK: Positionals

    func testLoneDashIsPositional() throws {
        XCTAssertEqual(try parse(["-", "a.log"]).positionals, ["-", "a.log"])
    }

    func testDoubleDashEndsOptions() throws {
        let parsed = try parse(["--quiet", "--", "--format", "-", "--", "-h"])
        XCTAssertEqual(parsed.positionals, ["--format", "-", "--", "-h"])
        XCTAssertTrue(try parsed.flag("--quiet"))
        XCTAssertEqual(try parsed.value("--format"), "text")
        XCTAssertFalse(parsed.helpRequested)
    }

    func testMissingPositional() {
        assertError([], "missing <input>")
        assertError(["--quiet"], "missing <input>")
        assertError(["--"], "missing <input>")
    }

    func testUnexpectedArgument() {
        assertError(["foo"], for: CommandSpec(name: "rules", abstract: "List rules."), "unexpected argument 'foo'")
        let single = CommandSpec(name: "show", abstract: "Show.", positionals: [PositionalSpec("file", help: "")])
        assertError(["a", "b"], for: single, "unexpected argument 'b'")
    }

    func testPositionalsLeaveRoomForLaterMinimums() throws {
        let spec = CommandSpec(name: "report", abstract: "Report.", positionals: [
            PositionalSpec("inputs", help: "", maxCount: nil),
            PositionalSpec("output", help: ""),
            PositionalSpec("baseline", help: "", minCount: 0),
        ])
        XCTAssertEqual(try ArgumentParser.parse(["a", "b", "c"], for: spec).positionals, ["a", "b", "c"])
        assertError(["a"], for: spec, "missing <output>")
        assertError([], for: spec, "missing <inputs>")
    }

    func testBoundedPositionalRejectsSurplus() {
        let spec = CommandSpec(name: "diff", abstract: "Diff.", positionals: [
            PositionalSpec("logs", help: "", minCount: 2, maxCount: 2),
        ])
        assertError(["a"], for: spec, "missing <logs>")
        assertError(["a", "b", "c"], for: spec, "unexpected argument 'c'")
    }

    // MARK: Help

    func testHelpAnywhereSuppressesMissingPositional() throws {
        XCTAssertTrue(try parse(["--help"]).helpRequested)
        XCTAssertTrue(try parse(["--quiet", "-h"]).helpRequested)
        let parsed = try parse(["a.log", "--help", "--quiet"])
        XCTAssertTrue(parsed.helpRequested)
        XCTAssertEqual(parsed.positionals, ["a.log"])
        XCTAssertTrue(try parsed.flag("-h"))
    }

    func testHelpWinsOverOtherErrors() throws {
        XCTAssertTrue(try parse(["--fromat", "--help"]).helpRequested)
        XCTAssertTrue(try parse(["--format", "--help"]).helpRequested)
        XCTAssertTrue(try parse(["-h", "--format", "xml", "a", "b"]).helpRequested)
    }

    func testHelpNotRequestedByDefault() throws {
        XCTAssertFalse(try parse(["a.log"]).helpRequested)
    }

    func testHelpText() {
        let expected = """
            Check lifecycle logs for problems.

            USAGE: lifeline check [options] <input> ...

              <input>                   Log files; '-' reads standard input.
              --format, -f <format>     Output format. (text|json|sarif) (default: text)
              --config <path>           Configuration file.
              --rule <id>               Run only this rule.
              --leak-timeout <seconds>  Leak timeout. (default: 5)
              --quiet, -q               Print findings only.
              --help, -h                Show help for this command.

            Exit status:
              0  no findings
              1  findings reported

            EXAMPLES:
              lifeline check app.log
            """
        XCTAssertEqual(HelpFormatter.help(for: check, programName: "lifeline"), expected)
    }

    func testHelpPointsToTheManualWhenDetailsDoNotFitOneScreen() {
        var spec = check
        spec.examples = (1...12).map { "lifeline check example-\($0).log" }
        let help = HelpFormatter.help(for: spec, programName: "lifeline")
        XCTAssertTrue(help.hasSuffix("""
              --help, -h                Show help for this command.

            Details and examples: man lifeline (see 'lifeline man --help' to install it).
            """), help)
        XCTAssertFalse(help.contains("example-1.log"))
        XCTAssertFalse(help.contains("Exit status"))
    }

    func testLongHelpWrapsAlignedWithinEightyColumns() {
        let spec = CommandSpec(name: "check", abstract: "Check.", options: [
            OptionSpec(["--leak-timeout"], .value(valueName: "seconds"),
                       help: "Seconds after which a dismissed view controller that was never deallocated counts as leaked.",
                       defaultValue: "5"),
        ])
        let help = HelpFormatter.help(for: spec, programName: "lifeline")
        XCTAssertTrue(help.contains("""
              --leak-timeout <seconds>  Seconds after which a dismissed view controller that
                                        was never deallocated counts as leaked. (default: 5)
              --help, -h                Show help for this command.
            """), help)
        XCTAssertTrue(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    func testOverlongLabelGetsItsOwnLine() {
        let spec = CommandSpec(name: "check", abstract: "Check.", options: [
            OptionSpec(["--maximum-findings-per-rule"], .value(valueName: "count"), help: "Stop reporting a rule after this many."),
        ])
        XCTAssertTrue(HelpFormatter.help(for: spec, programName: "lifeline").hasSuffix("""
              --maximum-findings-per-rule <count>
                          Stop reporting a rule after this many.
              --help, -h  Show help for this command.
            """))
    }

    func testLongDiscussionLineWrapsKeepingIndentation() {
        let discussion = "  " + Array(repeating: "word", count: 20).joined(separator: " ")
        let help = HelpFormatter.help(for: CommandSpec(name: "rules", abstract: "List.", discussion: discussion),
                                      programName: "lifeline")
        let words = Array(repeating: "word", count: 15).joined(separator: " ")
        XCTAssertTrue(help.hasSuffix("\n\n  \(words)\n  word word word word word"), help)
    }

    func testWrapKeepsOverlongWordWhole() {
        XCTAssertEqual(HelpFormatter.wrap("a verylongword b", width: 5), ["a", "verylongword", "b"])
        XCTAssertEqual(HelpFormatter.wrap("  ", width: 5), [])
    }

    func testUsageLine() {
        XCTAssertEqual(HelpFormatter.usage(for: check, programName: "lifeline"), "USAGE: lifeline check [options] <input> ...")
        let spec = CommandSpec(name: "report", abstract: "Report.", positionals: [
            PositionalSpec("output", help: ""),
            PositionalSpec("baseline", help: "", minCount: 0),
            PositionalSpec("extras", help: "", minCount: 0, maxCount: nil),
        ])
        XCTAssertEqual(HelpFormatter.usage(for: spec, programName: "lifeline"),
                       "USAGE: lifeline report [options] <output> [<baseline>] [<extras> ...]")
    }

    // MARK: Command set

    private var program: CommandSet {
        CommandSet(name: "lifeline", abstract: "Analyse iOS view-controller lifecycle logs.", commands: [
            check,
            CommandSpec(name: "rules", abstract: "List the rules."),
            CommandSpec(name: "report", abstract: "Summarise earlier results."),
        ])
    }

    func testCommandSetHelp() {
        XCTAssertEqual(HelpFormatter.help(for: program), """
            Analyse iOS view-controller lifecycle logs.

            USAGE: lifeline <command> [<arguments>]

            COMMANDS:
              check       Check lifecycle logs for problems.
              rules       List the rules.
              report      Summarise earlier results.

            OPTIONS:
              --help, -h  Show help for this command.

            See 'lifeline <command> --help' for a command's arguments and options.
            """)
    }

    func testCommandLookup() throws {
        XCTAssertEqual(program.command(named: "rules")?.abstract, "List the rules.")
        XCTAssertNil(program.command(named: "chek"))
        XCTAssertEqual(try program.resolveCommand(named: "check").name, "check")
    }

    func testUnknownCommand() {
        XCTAssertThrowsError(try program.resolveCommand(named: "chek")) { error in
            XCTAssertEqual((error as? ArgumentError)?.description, "unknown command 'chek' (did you mean 'check'?)")
        }
        XCTAssertThrowsError(try program.resolveCommand(named: "rep")) { error in
            XCTAssertEqual((error as? ArgumentError)?.reason, .unknownCommand("rep", suggestion: "report"))
        }
        XCTAssertThrowsError(try program.resolveCommand(named: "lint")) { error in
            XCTAssertEqual((error as? ArgumentError)?.description, "unknown command 'lint'")
        }
    }
}
