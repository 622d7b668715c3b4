import Foundation
import LifelineKit

/// The reporter `--format` names, and where its output goes.
struct ReportOutput {
    /// Where SARIF sends readers for more about the tool.
    static let informationURI = "https://github.com/lifeline-tools/lifeline"

    var format: String
    var text: TextReporter
    /// Absolute; SARIF and GitHub paths are relative to it.
    var workingDirectory: String

    var reporter: any FindingsReporter {
        switch format {
        case "json": return JSONReporter()
        case "jsonl": return JSONLinesReporter()
        case "sarif": return SARIFReporter(toolVersion: Lifeline.version, informationURI: Self.informationURI,
                                           workingDirectory: workingDirectory)
        case "junit": return JUnitReporter()
        case "github": return GitHubActionsReporter(workingDirectory: workingDirectory)
        case "markdown": return MarkdownSummaryReporter()
        default: return text
        }
    }

    /// How a finding prints the moment it is found (`--follow`), for the formats that can stream.
    var streamedLine: (@Sendable (Finding) -> String)? {
        switch format {
        case "text": return { [text] in text.lines(for: $0) }
        case "jsonl": return { JSONLinesReporter().line(for: $0) }
        case "github": return { [workingDirectory] in GitHubActionsReporter(workingDirectory: workingDirectory).line(for: $0) }
        default: return nil
        }
    }

    /// Writes the whole report, or after streamed findings what is left: the total line of text and GitHub output.
    func write(_ result: AuditResult, streamed: Bool, to stream: OutputStream) {
        guard streamed else { return reporter.write(result) { stream.write(bytes: $0) } }
        if format != "jsonl" { stream.write(text.summaryLine(result) + "\n") }
    }

    /// For `github`: GitHub shows only the first annotations, so the Markdown summary of every finding is
    /// appended to the job summary file (`GITHUB_STEP_SUMMARY`) when there is one. Returns false, having said
    /// why, when it could not be written: a lost summary is an output error like any other.
    func appendJobSummary(_ result: AuditResult, environment: [String: String]) -> Bool {
        guard format == "github", let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return true }
        let summary = Data((MarkdownSummaryReporter().render(result) + "\n").utf8)
        do { try Self.append(summary, to: path) } catch {
            OutputStream.standardError.diagnostic("lifeline: \(path) (GITHUB_STEP_SUMMARY): cannot write the job summary: \(error.localizedDescription)")
            return false
        }
        return true
    }

    private static func append(_ data: Data, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
    }
}
