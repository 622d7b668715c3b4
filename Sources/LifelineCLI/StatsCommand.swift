import Foundation
import LifelineKit

/// `lifeline stats`: screen timings per controller class, from the same analysis as `check`; with `--compare`,
/// the changes since a baseline run and whether they are regressions.
struct StatsCommand {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Screen timings per controller class: load, time to appear, transitions, time on screen.",
        discussion: """
        Measures, per controller class, p50, p90, p99 and max (nearest rank) of: load (loadView, or an init just \
        before the load, to viewDidLoad), time to appear (viewDidLoad to the first viewDidAppear; from viewWillAppear for \
        pre-loaded views), appear and disappear transitions (will to did; cancelled interactive transitions left \
        out) and time on screen (viewDidAppear to the viewWillDisappear of a completed disappearance). Only lines \
        with timestamps are measured; instances without any are counted. The inputs are measured as one run.
        A view is pre-loaded when another controller of its process appeared between its viewDidLoad and its first \
        viewWillAppear, or when that gap exceeds --preload-gap.
        --compare takes a previous 'stats --format json' output and shows each class's change of the \
        --compare-statistic; a performance phase (not time on screen) that grew by more than \
        --regression-threshold percent, and by at least 1 ms, is a regression.
        Exit status: 0 measured, 1 regressions with --fail-on-regression, 2 usage, input or baseline errors.
        """,
        options: [
            OptionSpec(["--format", "-f"], .value(valueName: "format"), help: "Output format.", allowedValues: ["text", "json", "markdown"],
                       defaultValue: "text"),
            OptionSpec(["--compare"], .value(valueName: "file"), help: "Baseline: a previous 'stats --format json' output."),
            OptionSpec(["--regression-threshold"], .value(valueName: "percent"), help: "Growth that makes a regression.",
                       defaultValue: "10"),
            OptionSpec(["--compare-statistic"], .value(valueName: "statistic"), help: "Statistic compared.",
                       allowedValues: Distribution.Statistic.allCases.map(\.rawValue), defaultValue: "p90"),
            OptionSpec(["--fail-on-regression"], help: "Exit with status 1 when --compare finds a regression."),
            OptionSpec(["--preload-gap"], .value(valueName: "seconds"), help: "viewDidLoad to viewWillAppear gap of a pre-loaded view.",
                       defaultValue: "2"),
            OptionSpec(["--config", "-c"], .value(valueName: "file"), help: "Settings (default: nearest .lifeline.json)."),
            OptionSpec(["--include"], .value(valueName: "glob"), help: "Take these files from directories; repeatable.", repeatable: true),
            OptionSpec(["--exclude"], .value(valueName: "glob"), help: "Leave these out of directories; repeatable.", repeatable: true),
            OptionSpec(["--samples"], help: "JSON lists every measurement, for 'lifeline merge'."),
            Lifeline.quietOption,
            InputExpansion.followLinks,
        ],
        positionals: [PositionalSpec("inputs", help: "Log files or directories, or - for standard input.", minCount: 1, maxCount: nil)],
        examples: [
            "lifeline stats SampleTraces/",
            "lifeline stats --format json app.log > timings.json",
            "lifeline stats --compare timings.json --fail-on-regression app.log",
        ])

    let arguments: ParsedArguments

    func run() -> Int32 { Lifeline.exitStatus(of: execute) }

    private func execute() throws -> Int32 {
        let threshold = try number("--regression-threshold", arguments.value("--regression-threshold") ?? "10")
        let preloadGap = try number("--preload-gap", arguments.value("--preload-gap") ?? "2")
        let statistic = Distribution.Statistic(rawValue: try arguments.value("--compare-statistic") ?? "p90") ?? .p90
        let baselinePath = try arguments.value("--compare")
        let baseline = try baselinePath.map(Self.readBaseline)
        if try arguments.flag("--fail-on-regression"), baseline == nil { throw CommandFailure(description: "--fail-on-regression needs --compare") }
        let workingDirectory = FileManager.default.currentDirectoryPath
        Interrupt.install()
        let configuration = try ConfigurationLocator.load(explicitPath: arguments.value("--config"))
        var options = InputOptions(configuration: configuration, workingDirectory: workingDirectory)
        try options.validate()
        let expansion = try InputExpansion.expand(arguments)
        options.foundWithoutLinks = expansion.foundWithoutLinks
        var failed = false
        for problem in expansion.problems {
            OutputStream.standardError.diagnostic("\(problem.path): error: \(problem.message)")
            failed = true
        }
        var parts: [ScreenTimings] = []
        for input in expansion.inputs {
            var analysis = try options.options(for: input)
            analysis.parallelism = ProcessInfo.processInfo.activeProcessorCount
            do {
                parts.append(try ScreenTimingsBuilder.measure(input, options: analysis, preloadGap: preloadGap,
                                                              unparseable: UnparseableReport(file: input.displayName).note,
                                                              shouldStop: Interrupt.requested).timings)
            } catch {
                OutputStream.standardError.diagnostic("\(input.displayName): error: \(error)")
                failed = true
            }
        }
        if Interrupt.requested() { throw Interrupt.failure("nothing measured") }
        let timings = ScreenTimings.merged(parts)
        let comparison = baseline.map { TimingComparison(baseline: $0, current: timings, statistic: statistic, threshold: threshold) }
        let name = baselinePath ?? ""
        switch try arguments.value("--format") ?? "text" {
        case "json": OutputStream.standardOutput.write(TimingsJSON.write(timings, comparison: comparison, samples: try arguments.flag("--samples")))
        case "markdown": OutputStream.standardOutput.write(TimingsMarkdownWriter().write(timings, comparison: comparison, baselineName: name))
        default: OutputStream.standardOutput.write(TimingsTextWriter().write(timings, comparison: comparison, baselineName: name))
        }
        if failed { return Lifeline.ExitStatus.failure }
        if try arguments.flag("--fail-on-regression"), let comparison, !comparison.regressions.isEmpty { return Lifeline.ExitStatus.findings }
        return Lifeline.ExitStatus.clean
    }

    private static func readBaseline(_ path: String) throws -> [String: [TimingPhase: Distribution]] {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch {  // a file, or /dev/stdin, <(…)
            throw CommandFailure(description: "\(path): cannot read the baseline: \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(description: "\(path): cannot read the baseline: not UTF-8")
        }
        do { return try TimingsJSON.readBaseline(text) } catch {
            throw CommandFailure(description: "\(path): \(error)")
        }
    }

    private func number(_ option: String, _ text: String) throws -> Double {
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw CommandFailure(description: "invalid value '\(text)' for '\(option)' (expected a number ≥ 0)")
        }
        return value
    }
}
