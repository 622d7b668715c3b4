import Foundation
import LifelineKit

/// `lifeline report`: timeline reports built from the same analysis as `check`: a self-contained HTML page,
/// Markdown for pull requests, and a Chrome trace for Perfetto.
struct ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Write timeline reports: an HTML page, Markdown for pull requests, a trace for Perfetto.",
        discussion: """
        Analyses each input as `check` does and writes the reports asked for. Each file is replaced atomically; \
        - writes to standard output. Directories are searched recursively for trace files.
        Exit status: 0 reports written (whatever the findings), 2 usage, input or output errors.
        """,
        options: [
            OptionSpec(["--html"], .value(valueName: "file"), help: "Self-contained HTML page with swimlane timelines."),
            OptionSpec(["--markdown"], .value(valueName: "file"), help: "GitHub Markdown with Mermaid timelines."),
            OptionSpec(["--chrome-trace"], .value(valueName: "file"), help: "Trace Event Format JSON (ui.perfetto.dev)."),
            OptionSpec(["--config", "-c"], .value(valueName: "file"), help: "Settings (default: nearest .lifeline.json)."),
            OptionSpec(["--include"], .value(valueName: "glob"), help: "Take these files from directories; repeatable.", repeatable: true),
            OptionSpec(["--exclude"], .value(valueName: "glob"), help: "Leave these out of directories; repeatable.", repeatable: true),
            InputExpansion.followLinks,
            OptionSpec(["--leak-timeout"], .value(valueName: "seconds"), help: "Grace period for not-deallocated.", defaultValue: "3"),
            OptionSpec(["--slow-transition"], .value(valueName: "seconds"), help: "Threshold for slow-transition.", defaultValue: "1"),
            Lifeline.quietOption,
        ],
        positionals: [PositionalSpec("inputs", help: "Log files or directories; - for standard input.", minCount: 1, maxCount: nil)],
        examples: [
            "lifeline report SampleTraces/ --html lifeline.html --markdown lifeline.md",
            "lifeline report app.log --chrome-trace trace.json",
        ])

    static let outputs: [(option: String, writer: any TimelineReportWriter)] = [
        ("--html", HTMLReportWriter()), ("--markdown", MarkdownReportWriter()), ("--chrome-trace", ChromeTraceWriter()),
    ]

    let arguments: ParsedArguments

    func run() -> Int32 { Lifeline.exitStatus(of: execute) }

    private func execute() throws -> Int32 {
        let requested = try Self.outputs.compactMap { output in try arguments.value(output.option).map { (path: $0, writer: output.writer) } }
        guard !requested.isEmpty else { throw CommandFailure(description: "nothing to write: give --html, --markdown or --chrome-trace") }
        Interrupt.install()
        for output in Self.outputs { try arguments.value(output.option).map { try OutputFolder.check($0, for: output.option) } }
        let workingDirectory = FileManager.default.currentDirectoryPath
        let configuration = try ConfigurationLocator.load(explicitPath: arguments.value("--config"))
        var options = try inputOptions(configuration, workingDirectory: workingDirectory)
        let expansion = try InputExpansion.expand(arguments)
        options.foundWithoutLinks = expansion.foundWithoutLinks
        var failed = false
        for problem in expansion.problems {
            OutputStream.standardError.diagnostic("\(problem.path): error: \(problem.message)")
            failed = true
        }
        var traces: [TraceTimeline] = []
        var timings: [ScreenTimings] = []  // charted by the HTML report
        let measuresTimings = try arguments.value("--html") != nil
        for input in expansion.inputs {
            var analysis = try options.options(for: input)
            analysis.parallelism = ProcessInfo.processInfo.activeProcessorCount
            let collector = measuresTimings ? TimingCollector(file: input.displayName) : nil
            do {
                traces.append(try TimelineBuilder.build(input, options: analysis, eventTexts: requested.contains { $0.writer.showsEventTexts },
                                                        unparseable: UnparseableReport(file: input.displayName).note, timings: collector,
                                                        shouldStop: Interrupt.requested))
                if let collector { timings.append(collector.finish()) }
            } catch {
                OutputStream.standardError.diagnostic("\(input.displayName): error: \(error)")
                traces.append(TraceTimeline(file: input.displayName, failure: "\(error)"))
                failed = true
            }
        }
        if Interrupt.requested() { throw Interrupt.failure("no report written") }
        // A report of inputs none of which could be read would look like a clean one.
        if traces.allSatisfy({ $0.failure != nil }) {
            throw CommandFailure(description: "no report written: no input could be read")
        }
        let model = TimelineModel(traces: traces, rules: RuleRegistry.descriptions + configuration.customRules.map(\.description),
                                  timings: measuresTimings ? ScreenTimings.merged(timings) : nil)
        for (path, writer) in requested {
            failed = !write(writer, model, to: path) || failed
        }
        OutputStream.standardError.note("lifeline: \(model.counts.description) in \(traces.count) file\(traces.count == 1 ? "" : "s")")
        return failed ? Lifeline.ExitStatus.failure : Lifeline.ExitStatus.clean
    }

    /// Writes the report piece by piece: a large report is never whole in memory.
    private func write(_ writer: any TimelineReportWriter, _ model: TimelineModel, to path: String) -> Bool {
        if path == "-" {
            writer.write(model) { OutputStream.standardOutput.write(bytes: $0) }
            return true
        }
        do { try AtomicFile.write(to: path, shouldStop: Interrupt.requested) { writer.write(model, to: $0) } } catch {
            OutputStream.standardError.diagnostic("lifeline: \(error)")
            return false
        }
        OutputStream.standardError.note("lifeline: wrote \(path)")
        return true
    }

    private func inputOptions(_ configuration: Configuration, workingDirectory: String) throws -> InputOptions {
        var options = InputOptions(configuration: configuration, workingDirectory: workingDirectory)
        options.leakTimeout = try explicit("--leak-timeout").map { try seconds($0, "--leak-timeout") }
        options.slowTransition = try explicit("--slow-transition").map { try seconds($0, "--slow-transition") }
        try options.validate()
        return options
    }

    /// A flag's value only when given on the command line (not its default).
    private func explicit(_ name: String) throws -> String? {
        try arguments.values(name).last
    }

    private func seconds(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw CommandFailure(description: "invalid value '\(text)' for '\(option)' (expected seconds ≥ 0)")
        }
        return value
    }
}
