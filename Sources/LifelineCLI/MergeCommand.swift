import Foundation
import LifelineKit

/// `lifeline merge`: the reduce step of a sharded audit. Combines the JSON results of several `check` runs into
/// the one result a single run over all their files gives, and writes it in any `check` format, with baselines.
struct MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Merge the JSON results of sharded 'check' or 'stats' runs.",
        discussion: """
        Each input is the output of 'lifeline check --format json' over some of the traces (a shard of a CI \
        matrix). The output is byte for byte what one 'check' over all their files writes in that format, run \
        from the same folder with the same configuration; --baseline and --write-baseline work as in 'check'. A \
        file in two shards is an error.
        Outputs of 'lifeline stats --format json --samples' merge the same way into what one 'stats' writes \
        (--format text, json or markdown; --samples keeps the measurements in JSON).
        Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage errors, unreadable shards, or a \
        file that could not be read in its shard.
        """,
        options: [
            OptionSpec(["--format", "-f"], .value(valueName: "format"), help: "", allowedValues: CheckCommand.formats),
            OptionSpec(["--fail-on"], .value(valueName: "severity"), help: "Exit 1 at or above:",
                       allowedValues: ["error", "warning", "info", "never"]),
            OptionSpec(["--config", "-c"], .value(valueName: "file"), help: "Settings (default: nearest .lifeline.json)."),
            OptionSpec(["--baseline"], .value(valueName: "file"), help: "Report only findings not in this baseline."),
            OptionSpec(["--write-baseline"], .value(valueName: "file"), help: "Record all current findings as a baseline."),
            OptionSpec(["--color"], .value(valueName: "when"), help: "Colour output", allowedValues: ["auto", "always", "never"],
                       defaultValue: "auto"),
            OptionSpec(["--samples"], help: "Merged stats JSON keeps every measurement."),
            Lifeline.quietOption,
        ],
        positionals: [PositionalSpec("results", help: "Outputs of 'check --format json' (or of 'stats').", minCount: 1, maxCount: nil)],
        examples: [
            "lifeline merge shard-*.json --format sarif > lifeline.sarif",
            "lifeline merge shard-*.json --baseline lifeline-baseline.json",
        ])

    let arguments: ParsedArguments
    let environment: [String: String]

    func run() -> Int32 { Lifeline.exitStatus(of: execute) }

    private func execute() throws -> Int32 {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let configuration = try ConfigurationLocator.load(explicitPath: arguments.value("--config"))
        let failOn = try arguments.values("--fail-on").last ?? configuration.failOn ?? "error"
        let terminal = Terminal(environment: environment)
        let text = terminal.usesColor(try arguments.value("--color")) ? TextReporter(highlight: Terminal.ansiSeverity) : TextReporter()
        let output = ReportOutput(format: try arguments.value("--format") ?? "text", text: text, workingDirectory: workingDirectory)
        let baseline = try arguments.value("--baseline").map(BaselineFile.read)
        try arguments.value("--write-baseline").map { try OutputFolder.check($0, for: "--write-baseline") }
        let documents = try arguments.positionals.map { ($0, try Self.read($0)) }
        if documents.contains(where: { TimingsReader.isTimings($0.1) }) { return try mergeTimings(documents) }
        var files: [FileSummary] = [], findings: [Finding] = []
        var shardOf: [String: String] = [:]
        for (path, document) in documents {
            let shard: (files: [FileSummary], findings: [Finding])
            do { shard = try AuditResultReader.read(document: document) } catch { throw CommandFailure(description: "\(path): \(error)") }
            for file in shard.files {
                if let other = shardOf.updateValue(path, forKey: file.path) {
                    throw CommandFailure(description: "\(file.path) is in two shards, \(other) and \(path): check each file in one")
                }
            }
            files += shard.files
            findings += shard.findings
        }
        // As `check` builds it: files in path order; findings sorted for output (file, line, rule, then as found).
        var result = AuditResult(files: files.sorted { $0.path < $1.path }, findings: findings,
                                 rules: RuleRegistry.descriptions + configuration.customRules.map(\.description))
        let baselineWritten = try BaselineStep.apply(arguments, baseline, to: &result, workingDirectory: workingDirectory)
        output.write(result, streamed: false, to: .standardOutput)
        let summaryWritten = output.appendJobSummary(result, environment: environment)
        if !result.failedFiles.isEmpty || !baselineWritten || !summaryWritten { return Lifeline.ExitStatus.failure }
        return CheckCommand.exitStatus(for: result.findings, failOn: failOn)
    }

    /// `stats` results: what one `stats` over all their files writes. Its inputs come in path order, so the merge
    /// orders files so too (ties among the slowest go by it).
    private func mergeTimings(_ documents: [(String, JSONValue)]) throws -> Int32 {
        let format = try arguments.value("--format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            throw CommandFailure(description: "stats results merge into text, json or markdown, not \(format)")
        }
        let parts = try documents.map { path, document in
            do { return try TimingsReader.read(document) } catch { throw CommandFailure(description: "\(path): \(error)") }
        }
        let files = parts.flatMap(\.files)
        if let twice = Dictionary(grouping: files, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw CommandFailure(description: "\(twice) is in two shards: measure each file in one")
        }
        let timings = ScreenTimings.merged(parts, fileOrder: files.sorted())
        switch format {
        case "json": OutputStream.standardOutput.write(TimingsJSON.write(timings, samples: try arguments.flag("--samples")))
        case "markdown": OutputStream.standardOutput.write(TimingsMarkdownWriter().write(timings))
        default: OutputStream.standardOutput.write(TimingsTextWriter().write(timings))
        }
        return Lifeline.ExitStatus.clean
    }

    private static func read(_ path: String) throws -> JSONValue {
        let data: Data
        do { data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : Data(try InputFile.read(path)) } catch {
            throw CommandFailure(description: "\(path): cannot read the shard: \(error.reason)")
        }
        do { return try JSONParser.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw CommandFailure(description: "\(path): not JSON: \(error)")
        }
    }
}
