import Foundation
import LifelineKit

/// `lifeline check`: every lifecycle violation in the inputs, as diagnostics, with an exit status for CI.
struct CheckCommand {
    static let formats = ["text", "json"]

    static let spec = CommandSpec(
        name: "check",
        abstract: "Check lifecycle logs for violations of UIKit's rules.",
        discussion: """
        Reads each input as one trace (a file, or - for standard input), recognises the lifecycle callbacks \
        logged in any format and dialect, and reports every violation as `file:line: severity: [rule] message`.
        Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage or input errors.
        """,
        options: [
            OptionSpec(["--format"], .value(valueName: "format"), help: "Output format.", allowedValues: formats, defaultValue: "text"),
            OptionSpec(["--fail-on"], .value(valueName: "severity"), help: "Lowest severity that makes the exit status 1.",
                       allowedValues: ["error", "warning", "info", "never"], defaultValue: "error"),
            OptionSpec(["--config"], .value(valueName: "file"), help: "Configuration file (default: .lifeline.json here or above)."),
            OptionSpec(["--leak-timeout"], .value(valueName: "seconds"), help: "Grace period for not-deallocated.", defaultValue: "3"),
            OptionSpec(["--slow-transition"], .value(valueName: "seconds"), help: "Threshold for slow-transition.", defaultValue: "1"),
            OptionSpec(["--follow"], help: "Keep reading as the input grows; print findings as soon as they are certain."),
            OptionSpec(["--stats"], help: "Print line accounting and throughput to standard error."),
            OptionSpec(["--color"], .value(valueName: "when"), help: "Colour the output.", allowedValues: ["auto", "always", "never"],
                       defaultValue: "auto"),
        ],
        positionals: [PositionalSpec("inputs", help: "Log files, or - for standard input.", minCount: 1, maxCount: nil)],
        examples: [
            "lifeline check SampleTraces/push-pop.log",
            "xcrun simctl spawn booted log stream --style compact | lifeline check -",
            "lifeline check --format json --fail-on warning app.log",
        ])

    let arguments: ParsedArguments
    let environment: [String: String]

    func run() -> Int32 {
        do {
            return try execute()
        } catch {
            OutputStream.standardError.line("lifeline: \(error)")
            return Lifeline.ExitStatus.failure
        }
    }

    private func execute() throws -> Int32 {
        let configuration = try ConfigurationLocator.load(explicitPath: arguments.value("--config"))
        let inputs = arguments.positionals.map { $0 == "-" ? TraceInput.standardInput : TraceInput.file($0) }
        let failOn = explicit("--fail-on") ?? configuration.failOn ?? "error"
        let terminal = Terminal(environment: environment)
        let color = terminal.usesColor(arguments.value("--color"))
        let text = color ? TextReporter(highlight: Terminal.ansiSeverity) : TextReporter()
        let format = arguments.value("--format") ?? "text"
        let follow = arguments.flag("--follow")
        let started = Date()
        if follow { Interrupt.install() }

        var files: [FileSummary] = []
        var findings: [Finding] = []
        var inputFailed = false
        for input in inputs {
            let options = try analysisOptions(configuration, for: input)
            var observer = TraceAnalyzer.Observer { finding in
                if follow && format == "text" {
                    OutputStream.standardOutput.line(text.line(for: finding))
                    OutputStream.standardOutput.flush()
                }
                findings.append(finding)
            }
            observer.unparseable = UnparseableReport(file: input.displayName).note
            if follow { observer.shouldStop = Interrupt.requested }
            do {
                let statistics = try TraceAnalyzer(options: options).analyze(input, observer: observer)
                files.append(FileSummary(path: input.displayName, statistics: statistics))
            } catch {
                inputFailed = true
                OutputStream.standardError.line("\(input.displayName): error: \(error)")
                files.append(FileSummary(path: input.displayName, statistics: TraceStatistics(), failure: "\(error)"))
            }
        }
        let result = AuditResult(files: files, findings: findings)
        switch format {
        case "json": OutputStream.standardOutput.write(JSONReporter().render(result))
        default:
            if follow { OutputStream.standardOutput.line(text.summaryLine(result)) }
            else { OutputStream.standardOutput.write(text.render(result)) }
        }
        if arguments.flag("--stats") {
            OutputStream.standardError.write(StatisticsReport.render(result, seconds: Date().timeIntervalSince(started)))
        }
        if inputFailed { return Lifeline.ExitStatus.failure }
        return Self.exitStatus(for: result.findings, failOn: failOn)
    }

    static func exitStatus(for findings: [Finding], failOn: String) -> Int32 {
        guard let threshold = Severity(rawValue: failOn) else { return Lifeline.ExitStatus.clean }
        return findings.contains { $0.severity >= threshold } ? Lifeline.ExitStatus.findings : Lifeline.ExitStatus.clean
    }

    /// A flag's value only when given on the command line (not its default).
    private func explicit(_ name: String) -> String? {
        arguments.values(name).last
    }

    private func analysisOptions(_ configuration: Configuration, for input: TraceInput) throws -> AnalysisOptions {
        var base = AnalysisOptions()
        base.follow = arguments.flag("--follow")
        var options: AnalysisOptions
        do { options = try configuration.options(for: input.displayName, base: base) } catch {
            throw CommandFailure(description: "configuration: \(error)")
        }
        if let value = explicit("--leak-timeout") { options.settings.leakTimeout = try seconds(value, "--leak-timeout") }
        if let value = explicit("--slow-transition") { options.settings.slowTransitionThreshold = try seconds(value, "--slow-transition") }
        return options
    }

    private func seconds(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw CommandFailure(description: "invalid value '\(text)' for '\(option)' (expected seconds ≥ 0)")
        }
        return value
    }
}

/// Reports unparseable lines on standard error: the first few per input by line, then a count.
final class UnparseableReport {
    static let shownPerFile = 10
    let file: String
    private var count = 0

    init(file: String) { self.file = file }

    func note(_ line: UnparseableLine) {
        count += 1
        if count <= Self.shownPerFile {
            OutputStream.standardError.line("\(file):\(line.line): warning: unparseable line skipped: \(line.reason)")
        } else if count == Self.shownPerFile + 1 {
            OutputStream.standardError.line("\(file): more unparseable lines follow; see --stats for the count")
        }
    }
}

/// `--stats`: how every line was accounted for, and throughput.
enum StatisticsReport {
    static func render(_ result: AuditResult, seconds: Double) -> String {
        let stats = result.statistics
        let megabytes = Double(stats.bytes) / 1_048_576
        let rate = seconds > 0 ? megabytes / seconds : 0
        return """
        lines read:        \(stats.lines)
          lifecycle events: \(stats.events)\(stats.ignoredEvents > 0 ? " (\(stats.ignoredEvents) of ignored classes)" : "")
          other lines:      \(stats.otherLines)\(stats.unattributedLines > 0 ? " (\(stats.unattributedLines) callbacks naming no controller)" : "")
          unparseable:      \(stats.unparseableLines)
        controllers:       \(stats.controllers)
        throughput:        \(String(format: "%.1f", megabytes)) MB in \(String(format: "%.3f", seconds)) s (\(String(format: "%.1f", rate)) MB/s)

        """
    }
}

/// Ctrl-C while following: stop reading, print the summary, exit as usual.
enum Interrupt {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Interrupt.flag = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked read returns so the reader can stop
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    @Sendable static func requested() -> Bool { flag != 0 }
}
