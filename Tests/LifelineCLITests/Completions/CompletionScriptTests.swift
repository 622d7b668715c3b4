import Foundation
import XCTest
@testable import LifelineCLI
import LifelineKit

/// The completion scripts: generated from the command specs, loaded by real shells, completing what the parser takes.
final class CompletionScriptTests: XCTestCase {
    private let program = Lifeline.commands
    private let ruleIdentifiers = (RuleRegistry.descriptions + RuleCatalog.templates).map(\.identifier)  // rules explain takes templates too
    private let failOnLevels = ["error", "warning", "info", "never"]

    /// Command lines ending where the user pressed Tab, and what every shell must offer there.
    private var cases: [(line: [String], expected: [String])] {
        let checkLongOptions = CheckCommand.spec.options.map(\.names[0]) + ["--help"]
        return [
            (["lifeline", "ch"], ["check"]),
            (["lifeline", "check", "--format", ""], CheckCommand.formats),
            (["lifeline", "check", "--fail-on", ""], failOnLevels),
            (["lifeline", "check", "--fail-on", "w"], ["warning"]),
            (["lifeline", "check", "--"], checkLongOptions),
            (["lifeline", "check", "--format", "json", "SampleT"], ["SampleTraces"]),
            (["lifeline", "check", "--config", "Packa"], ["Package.swift"]),
            (["lifeline", "rules", ""], ["explain"]),
            (["lifeline", "rules", "explain", ""], ruleIdentifiers),
            (["lifeline", "rules", "explain", "load-"], ["load-once", "load-before-appear"]),
            (["lifeline", "completions", ""], ["bash", "zsh", "fish"]),
        ]
    }

    func testTheSpecsDeclareWhatTheIssueAsksToComplete() {
        XCTAssertEqual(CheckCommand.spec.option(named: "--fail-on")?.allowedValues, failOnLevels)
        XCTAssertEqual(PositionalCompletions(RulesCommand.spec).fixed, [.words(["explain"]), .words(ruleIdentifiers)])
        XCTAssertNil(PositionalCompletions(RulesCommand.spec).rest)
        XCTAssertEqual(PositionalCompletions(CheckCommand.spec).fixed, [])
        XCTAssertEqual(PositionalCompletions(CheckCommand.spec).rest, .files)
        XCTAssertEqual(CheckCommand.spec.option(named: "--baseline")?.valueCompletion, .files)
        XCTAssertEqual(CheckCommand.spec.option(named: "--jobs")?.valueCompletion, ArgumentCompletion.nothing)
        XCTAssertNil(CheckCommand.spec.option(named: "--stats")?.valueCompletion)
    }

    func testEveryScriptNamesEveryCommandOptionAndValue() {
        for shell in CompletionShell.allCases {
            let script = shell.script(for: program)
            var words = program.commands.map(\.name) + ruleIdentifiers + CheckCommand.formats + failOnLevels
            let optionNames: [String] = program.commands.flatMap { $0.allOptions.flatMap(\.names) }
            words += optionNames.map { String($0.drop { $0 == "-" }) }
            for word in words {
                XCTAssertTrue(script.contains(word), "\(shell): \(word) missing")
            }
        }
    }

    func testUnknownShellIsAUsageError() throws {
        let result = try CLIRunner.run(["completions", "tcsh"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "lifeline: unknown shell 'tcsh' (expected one of: bash, zsh, fish)\n")
        XCTAssertEqual(result.stdout, "")
    }

    // MARK: bash

    func testBashLoadsTheScriptAndRegistersIt() throws {
        let result = try ShellRunner.run("bash", ["-c", #"source <("$LIFELINE" completions bash); complete -p lifeline"#])
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, "complete -F _lifeline lifeline\n")
    }

    func testBashCompletes() throws {
        var script = #"""
            source <("$LIFELINE" completions bash)
            offer() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _lifeline; echo "${COMPREPLY[*]}"; }

            """#
        // bash splits `--format=j` into `--format`, `=` and `j`; right after the `=`, the word being completed is `=`.
        let bashCases = cases + [
            (["lifeline", "check", "--format", "=", "j"], ["json", "jsonl", "junit"]),
            (["lifeline", "check", "--format", "="], CheckCommand.formats),
            (["lifeline", "check", "--format", "=", "json", "--color", "=", "n"], ["never"]),
            (["lifeline", "check", "--format", "=", "json", "SampleT"], ["SampleTraces"]),
        ]
        for (line, _) in bashCases {
            script += "offer " + line.map { "'\($0)'" }.joined(separator: " ") + "\n"
        }
        let result = try ShellRunner.run("bash", ["-c", script])
        XCTAssertEqual(result.stderr, "")
        let offers = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(offers.count, bashCases.count, result.stdout)
        for ((line, expected), offer) in zip(bashCases, offers) {
            XCTAssertEqual(Set(offer.split(separator: " ").map(String.init)), Set(expected), "\(line)")
        }
    }

    // MARK: zsh

    func testZshParsesAndRegistersTheScript() throws {
        let script = try CLIRunner.run(["completions", "zsh"]).stdout
        XCTAssertTrue(script.hasPrefix("#compdef lifeline\n"))
        let syntax = try ShellRunner.run("zsh", ["-n"], stdin: script)
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        let loaded = try ShellRunner.run("zsh", ["-f", "-c", #"""
            autoload -U compinit && compinit -u -D && source <("$LIFELINE" completions zsh) && print -r -- $_comps[lifeline]
            """#])
        XCTAssertEqual(loaded.stdout, "_lifeline\n", loaded.stderr)
    }

    /// Presses Tab in an interactive zsh (on a pseudo-terminal) and records every word the completion system adds.
    func testZshCompletes() throws {
        let capture = #"""
            zmodload zsh/zpty || exit 3
            out=$(mktemp)
            zpty z zsh -f -i
            zpty -w z "PS1=''; autoload -U compinit; compinit -u -D; source <(${(q)LIFELINE} completions zsh)"
            zpty -w z "compadd() { local -a hits; builtin compadd -A hits \"\$@\"; print -rl -- \$hits >> ${(q)out}; builtin compadd \"\$@\"; }"
            zpty -w z "comppostfuncs=(_done); _done() { print -- '<done>' >> ${(q)out}; }"
            zpty -wn z "$1"$'\t'
            for i in {1..100}; do grep -qx -- '<done>' $out && break; sleep 0.1; done
            zpty -d z
            grep -vx -e '<done>' -e '' $out | sort -u
            rm -f $out
            """#
        for (line, expected) in cases where line.last?.hasPrefix("--") == false {
            let result = try ShellRunner.run("zsh", ["-f", "-c", capture, "capture", line.joined(separator: " ")])
            XCTAssertEqual(Set(result.stdout.split(separator: "\n").map(String.init)), Set(expected), "\(line) \(result.stderr)")
        }
    }

    // MARK: fish

    func testFishCompletes() throws {
        let script = try CLIRunner.run(["completions", "fish"]).stdout
        let syntax = try ShellRunner.run("fish", ["--no-execute"], stdin: script)
        XCTAssertEqual(syntax.status, 0, syntax.stderr)
        var driver = #"$LIFELINE completions fish | source"# + "\n"
        for (line, _) in cases {
            driver += "echo (complete -C '\(line.joined(separator: " "))' | string replace -r '\\t.*' '' | string join ' ')\n"
        }
        let result = try ShellRunner.run("fish", ["--no-config", "-c", driver])
        XCTAssertEqual(result.stderr, "")
        let offers = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(offers.count, cases.count, result.stdout)
        for ((line, expected), offer) in zip(cases, offers) {
            // fish adds a slash to directories.
            let words = offer.split(separator: " ").map { $0.hasSuffix("/") ? String($0.dropLast()) : String($0) }
            XCTAssertEqual(Set(words), Set(expected), "\(line)")
        }
    }
}
