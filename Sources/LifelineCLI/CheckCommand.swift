import Foundation
import LifelineKit

/// `lifeline check`: every lifecycle violation in the inputs, as diagnostics, with an exit status for CI.
struct CheckCommand {
    static let formats = ["text", "json", "jsonl", "sarif", "junit", "github", "markdown"]

    static let spec = CommandSpec(
        name: "check",
        abstract: "Check lifecycle logs for violations of UIKit's rules.",
        discussion: """
        Reads each input as one trace (a file, or - for standard input), recognises the lifecycle callbacks \
        logged in any format and dialect, and reports every violation as `file:line: severity: [rule] message`.
        Directories are searched recursively (hidden ones skipped) for *.log, *.txt, *.trace, *.ndjson and \
        *.jsonl files; symbolic links in them are not followed (--follow-links: those that stay inside). \
        A --include or --exclude pattern with a / matches the path below the directory (experimental/**); one \
        without matches file and folder names.
        A baseline records findings by file, rule, controller class, event and occurrence, not by line, so it \
        survives edits elsewhere in the traces.
        Defaults: --format text; --fail-on error, or the configuration's failOn.
        --require-events makes an input with no lifecycle event (an empty or unrecognised capture) an error, so a \
        failed capture fails CI. --quiet leaves out notes, status lines and the progress line.
        --format github also appends a Markdown summary to $GITHUB_STEP_SUMMARY when it is set.
        Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage or input errors (reported after \
        checking the other inputs).
        """,
        options: [
            // The first format is the default: saying so would take a line of the one screen --help has.
            OptionSpec(["--format", "-f"], .value(valueName: "format"), help: "", allowedValues: formats),
            // The default (error) is the README's and the manual's to say: one screen of --help has no line for it.
            OptionSpec(["--fail-on"], .value(valueName: "severity"), help: "Exit 1 at or above:",
                       allowedValues: ["error", "warning", "info", "never"]),
            OptionSpec(["--config", "-c"], .value(valueName: "file"), help: "Settings (default: nearest .lifeline.json)."),
            OptionSpec(["--jobs", "-j"], .value(valueName: "n"), help: "Files checked at once (default: number of cores)."),
            OptionSpec(["--include"], .value(valueName: "glob"), help: "Files to take from directories; repeatable.",
                       repeatable: true),
            OptionSpec(["--exclude"], .value(valueName: "glob"), help: "Files or folders to leave out; repeatable.",
                       repeatable: true),
            InputExpansion.followLinks,
            OptionSpec(["--baseline"], .value(valueName: "file"), help: "Report only findings not in this baseline."),
            OptionSpec(["--write-baseline"], .value(valueName: "file"), help: "Record all current findings as a baseline."),
            OptionSpec(["--leak-timeout"], .value(valueName: "seconds"), help: "Grace period for not-deallocated.", defaultValue: "3"),
            OptionSpec(["--slow-transition"], .value(valueName: "seconds"), help: "Threshold for slow-transition.", defaultValue: "1"),
            OptionSpec(["--follow"], help: "Keep reading as the input grows (tail -f)."),
            OptionSpec(["--stats"], help: "Print line counts and throughput to stderr."),
            OptionSpec(["--require-events"], help: "Exit 2 for an input with no lifecycle event."),
            Lifeline.quietOption,
            OptionSpec(["--color"], .value(valueName: "when"), help: "Colour output", allowedValues: ["auto", "always", "never"],
                       defaultValue: "auto"),
        ],
        positionals: [PositionalSpec("inputs", help: "Log files or directories; - for standard input.", minCount: 1, maxCount: nil)],
        examples: [
            "lifeline check SampleTraces/push-pop.log",
            "lifeline check traces/ --format sarif > lifeline.sarif",
            "lifeline check traces/ --baseline lifeline-baseline.json",
            "xcrun simctl spawn booted log stream --style compact | lifeline check -",
        ])

    let arguments: ParsedArguments
    let environment: [String: String]

    func run() -> Int32 { Lifeline.exitStatus(of: execute) }

    private func execute() throws -> Int32 {
        Interrupt.install()
        let started = Date()
        let workingDirectory = FileManager.default.currentDirectoryPath
        let configuration = try ConfigurationLocator.load(explicitPath: arguments.value("--config"))
        let failOn = try explicit("--fail-on") ?? configuration.failOn ?? "error"
        let follow = try arguments.flag("--follow")
        let requireEvents = try arguments.flag("--require-events")
        let terminal = Terminal(environment: environment)
        let text = terminal.usesColor(try arguments.value("--color")) ? TextReporter(highlight: Terminal.ansiSeverity) : TextReporter()
        let output = ReportOutput(format: try arguments.value("--format") ?? "text", text: text, workingDirectory: workingDirectory)
        let expansion = try InputExpansion.expand(arguments)
        if follow { try checkFollowable(expansion) }
        var options = try inputOptions(configuration, workingDirectory: workingDirectory)
        options.foundWithoutLinks = expansion.foundWithoutLinks
        let baseline = try arguments.value("--baseline").map(BaselineFile.read)
        try arguments.value("--write-baseline").map { try OutputFolder.check($0, for: "--write-baseline") }
        let audit = Audit(jobs: try jobs(), options: options.options)

        let outcomes = follow ? runFollowing(audit, expansion.inputs[0], output: output, requireEvents: requireEvents)
                              : runBatch(audit, expansion.inputs, showProgress: terminal.showsProgress)
        var result = AuditResult(files: (outcomes.map(\.summary) + expansion.problems.map(Self.summary)).sorted { $0.path < $1.path },
                                 findings: outcomes.flatMap(\.findings),
                                 rules: RuleRegistry.descriptions + configuration.customRules.map(\.description))
        result.configuration = configuration.file
        if !follow, Interrupt.requested() { throw Interrupt.failure("nothing reported, no baseline written") }
        if !follow { printDiagnostics(outcomes, expansion.problems, requireEvents: requireEvents) }
        let eventless = requireEvents && outcomes.contains(where: Self.hasNoEvent)
        let baselineWritten = try BaselineStep.apply(arguments, baseline, to: &result, workingDirectory: workingDirectory)
        output.write(result, streamed: follow && output.streamedLine != nil, to: .standardOutput)
        let summaryWritten = output.appendJobSummary(result, environment: environment)
        let failed = !result.failedFiles.isEmpty || !baselineWritten || !summaryWritten || eventless
        if try arguments.flag("--stats") {
            OutputStream.standardError.write(StatisticsReport.render(result, seconds: Date().timeIntervalSince(started)))
        }
        return failed ? Lifeline.ExitStatus.failure : Self.exitStatus(for: result.findings, failOn: failOn)
    }

    /// Every input on `audit`'s workers, with a progress line on a terminal once it takes a while.
    private func runBatch(_ audit: Audit, _ inputs: [TraceInput], showProgress: Bool) -> [Audit.FileOutcome] {
        var hooks = Audit.Hooks()
        hooks.shouldStop = Interrupt.requested
        guard showProgress, !OutputStream.standardError.silencesNotes else { return audit.run(inputs, hooks: hooks) }
        let progress = ProgressLine(total: inputs.count)
        hooks.fileFinished = progress.fileFinished
        hooks.bytesRead = progress.bytesRead
        progress.start()
        defer { progress.stop() }
        return audit.run(inputs, hooks: hooks)
    }

    /// One input, read as it grows until Ctrl-C, printing findings and unparseable lines as they come.
    private func runFollowing(_ audit: Audit, _ input: TraceInput, output: ReportOutput, requireEvents: Bool) -> [Audit.FileOutcome] {
        var hooks = Audit.Hooks()
        if let line = output.streamedLine {
            hooks.finding = { finding in
                OutputStream.standardOutput.line(line(finding))
                OutputStream.standardOutput.flush()
            }
        }
        let unparseable = UnparseableReport(file: input.displayName)
        hooks.unparseable = { line in unparseable.note(line) }
        hooks.restarted = { input, reason in
            let what = reason == .truncated ? "was truncated" : "was replaced (rotated)"
            OutputStream.standardError.note("\(input.displayName): note: the file \(what); reading it again from line 1")
            OutputStream.standardError.flush()
        }
        hooks.shouldStop = { Interrupt.requested() || OutputStream.standardOutput.isBroken }  // Ctrl-C, or the reader left
        let outcomes = audit.run([input], hooks: hooks)
        if let failure = outcomes[0].summary.failure { OutputStream.standardError.diagnostic("\(input.displayName): error: \(failure)") }
        let statistics = outcomes[0].summary.statistics
        if requireEvents, Self.hasNoEvent(outcomes[0]) {
            OutputStream.standardError.diagnostic("\(input.displayName): error: \(UnparseableReport.noEvent(statistics)) (--require-events)")
        }
        for line in UnparseableReport.unreadNotes(input.displayName, statistics) { OutputStream.standardError.note(line) }
        return outcomes
    }

    /// Unparseable lines and unreadable inputs, in path order, after the audit; each input's notes after its
    /// errors, unless `--quiet`.
    private func printDiagnostics(_ outcomes: [Audit.FileOutcome], _ problems: [InputDiscovery.Problem], requireEvents: Bool) {
        let lines = outcomes.map { outcome in
            (outcome.summary.path, UnparseableReport.diagnostics(for: outcome, eventless: requireEvents && Self.hasNoEvent(outcome)),
             UnparseableReport.unreadNotes(outcome.summary.path, outcome.summary.statistics))
        }
            + problems.map { ($0.path, ["\($0.path): error: \($0.message)"], []) }
        for (_, diagnostics, notes) in lines.sorted(by: { $0.0 < $1.0 }) {
            for line in diagnostics { OutputStream.standardError.diagnostic(line) }
            for line in notes { OutputStream.standardError.note(line) }
        }
    }

    /// An input that was read but yielded no lifecycle event: an empty or unrecognised capture (`--require-events`).
    static func hasNoEvent(_ outcome: Audit.FileOutcome) -> Bool {
        outcome.summary.failure == nil && outcome.summary.statistics.events == 0
    }

    static func exitStatus(for findings: [Finding], failOn: String) -> Int32 {
        guard let threshold = Severity(rawValue: failOn) else { return Lifeline.ExitStatus.clean }
        return findings.contains { $0.severity >= threshold } ? Lifeline.ExitStatus.findings : Lifeline.ExitStatus.clean
    }

    private static func summary(_ problem: InputDiscovery.Problem) -> FileSummary {
        FileSummary(path: problem.path, statistics: TraceStatistics(), failure: problem.message)
    }

    /// `--follow` reads one input until Ctrl-C, and baselines need the whole trace.
    private func checkFollowable(_ expansion: InputDiscovery.Expansion) throws {
        guard expansion.inputs.count == 1, expansion.problems.isEmpty else {
            throw CommandFailure(description: "--follow reads exactly one file, or - for standard input")
        }
        if try arguments.flag("--baseline") || arguments.flag("--write-baseline") {
            throw CommandFailure(description: "--baseline and --write-baseline cannot be used with --follow")
        }
    }

    /// A flag's value only when given on the command line (not its default).
    private func explicit(_ name: String) throws -> String? {
        try arguments.values(name).last
    }

    private func inputOptions(_ configuration: Configuration, workingDirectory: String) throws -> InputOptions {
        var options = InputOptions(configuration: configuration, workingDirectory: workingDirectory)
        options.follow = try arguments.flag("--follow")
        options.leakTimeout = try explicit("--leak-timeout").map { try seconds($0, "--leak-timeout") }
        options.slowTransition = try explicit("--slow-transition").map { try seconds($0, "--slow-transition") }
        try options.validate()
        return options
    }

    private func jobs() throws -> Int {
        guard let text = try explicit("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        // Each job is a thread with its own stack: a million of them would take the machine down, not speed it up.
        guard let value = Int(text), (1...Self.maximumJobs).contains(value) else {
            throw CommandFailure(description: "invalid value '\(text)' for '--jobs' (expected a whole number from 1 to \(Self.maximumJobs))")
        }
        return value
    }

    static let maximumJobs = 1_024

    private func seconds(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw CommandFailure(description: "invalid value '\(text)' for '\(option)' (expected seconds ≥ 0)")
        }
        return value
    }
}
