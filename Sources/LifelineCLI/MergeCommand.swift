import Foundation
import LifelineKit

/// `lifeline merge`: the reduce step of a sharded audit. Combines the JSON results of several `check` runs into
/// the one result a single run over all their files gives, and writes it in any `check` format, with baselines.
struct MergeCommand {
    static let spec = CommandSpec(
        name: "merge",
        abstract: "Combine the JSON results of several 'check' runs into one, in any format.",
        discussion: """
        Each input is the output of 'lifeline check --format json' over some of the traces (a shard of a CI \
        matrix). The output is byte for byte what one 'check' over all their files writes in that format, run \
        from the same folder with the same configuration; --baseline and --write-baseline work as in 'check'. A \
        file in two shards is an error.
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
            Lifeline.quietOption,
        ],
        positionals: [PositionalSpec("results", help: "Outputs of 'check --format json'.", minCount: 1, maxCount: nil)],
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
        var files: [FileSummary] = [], findings: [Finding] = []
        var shardOf: [String: String] = [:]
        for path in arguments.positionals {
            let shard = try Self.read(path)
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
        output.appendJobSummary(result, environment: environment)
        if !result.failedFiles.isEmpty || !baselineWritten { return Lifeline.ExitStatus.failure }
        return CheckCommand.exitStatus(for: result.findings, failOn: failOn)
    }

    private static func read(_ path: String) throws -> (files: [FileSummary], findings: [Finding]) {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data else { throw CommandFailure(description: "\(path): cannot read the shard: \(UnreadableFile.reason(path))") }
        do { return try AuditResultReader.read(String(decoding: data, as: UTF8.self)) } catch {
            throw CommandFailure(description: "\(path): \(error)")
        }
    }
}
