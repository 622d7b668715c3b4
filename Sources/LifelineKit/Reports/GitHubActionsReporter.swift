import Foundation

/// `github`: workflow commands that GitHub Actions shows as annotations on the trace files, e.g.
/// `::error file=traces/cart.log,line=12,title=Lifeline appearance-order::<message>`; warnings are `::warning`, infos
/// `::notice`, unreadable inputs `::error` without a line. Paths are relative to the working directory. A total line ends the output. GitHub shows only the
/// first 10 annotations of each type per step, so the CLI also writes `MarkdownSummaryReporter`'s summary to the
/// job summary. Log text and file names are shown as `VisibleText`.
public struct GitHubActionsReporter: StreamingReporter, Sendable {
    /// Paths are given relative to this folder (the checkout in CI), as annotations need.
    public var workingDirectory: String

    public init(workingDirectory: String) { self.workingDirectory = workingDirectory }

    /// The finding's message and evidence.
    public func line(for finding: Finding) -> String { line(for: finding, path: path(finding.file)) }

    private func line(for finding: Finding, path: String?) -> String {
        let kind = finding.severity == .error ? "error" : finding.severity == .warning ? "warning" : "notice"
        let evidence = finding.evidence.map { "\($0.line): \(VisibleText.escape($0.text))" }
        return Self.command(kind, file: path, line: finding.line, title: "Lifeline \(finding.rule)",
                            message: ([VisibleText.escape(finding.message)] + evidence).joined(separator: "\n"))
    }

    public func render(_ result: AuditResult) -> String { collected(result) }

    public func write(_ result: AuditResult, to output: (Data) -> Void) {
        // Findings of one file share its path: worked out once per file.
        let paths = Dictionary(uniqueKeysWithValues: Set(result.findings.lazy.map(\.file)).map { ($0, path($0)) })
        writeInPieces(to: output) { append in
            for finding in result.findings {
                append(line(for: finding, path: paths[finding.file]!) + "\n")
            }
            for file in result.failedFiles {
                append(Self.command("error", file: path(file.path), line: nil, title: "Lifeline: unreadable trace",
                                    message: VisibleText.escape(file.failure ?? "")) + "\n")
            }
            append(TextReporter().summaryLine(result) + "\n")
        }
    }

    /// The path below the working directory; none for standard input and files outside it, which GitHub cannot show.
    private func path(_ file: String) -> String? {
        guard file != TraceInput.standardInput.displayName,
              RelativePath.isInside(file, directory: workingDirectory, base: workingDirectory) else { return nil }
        return RelativePath.relative(file, to: workingDirectory, base: workingDirectory)
    }

    static func command(_ kind: String, file: String?, line: Int?, title: String, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapeProperty(VisibleText.escape(file))) }
        if let line { properties.append("line=\(line)") }
        properties.append("title=" + escapeProperty(title))
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// A command's message: `%`, CR and LF are percent-encoded.
    static func escapeData(_ text: String) -> String {
        ByteEscaping.escape(text) { bytes, index in percentEncoding(bytes[index], property: false).map { ($0, 1) } }
    }

    /// A command's property value: as a message, and also `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        ByteEscaping.escape(text) { bytes, index in percentEncoding(bytes[index], property: true).map { ($0, 1) } }
    }

    private static func percentEncoding(_ byte: UInt8, property: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "%"): return "%25"
        case UInt8(ascii: "\r"): return "%0D"
        case UInt8(ascii: "\n"): return "%0A"
        case UInt8(ascii: ":") where property: return "%3A"
        case UInt8(ascii: ",") where property: return "%2C"
        default: return nil
        }
    }
}
