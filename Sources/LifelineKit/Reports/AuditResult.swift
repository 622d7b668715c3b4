import Foundation

/// Counts of findings by severity.
public struct SeverityCounts: Sendable, Equatable {
    public var errors = 0, warnings = 0, infos = 0

    public init(_ findings: [Finding] = []) {
        for finding in findings { add(finding.severity) }
    }

    public mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }

    /// `2 errors, 1 warning, 0 infos`.
    public var description: String {
        "\(Self.plural(errors, "error")), \(Self.plural(warnings, "warning")), \(Self.plural(infos, "info"))"
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}

/// The outcome of a whole audit: every input and every finding, in output order (file, line, rule).
public struct AuditResult: Sendable {
    public var files: [FileSummary]
    public var findings: [Finding]
    /// Every rule that ran, for formats that describe their rules (SARIF).
    public var rules: [RuleDescription]
    /// The configuration file the audit used (`Configuration.file`), nil for the defaults: JSON names it.
    public var configuration: String?

    public init(files: [FileSummary], findings: [Finding], rules: [RuleDescription] = RuleRegistry.descriptions) {
        self.files = files
        self.findings = Finding.sortedForOutput(findings)
        self.rules = rules
    }

    public var counts: SeverityCounts { SeverityCounts(findings) }
    public var statistics: TraceStatistics { files.reduce(TraceStatistics()) { $0 + $1.statistics } }
}

/// Renders an audit's findings in one output format. A new format is one type conforming to this.
public protocol FindingsReporter {
    /// Renders the whole result (the output's full text).
    func render(_ result: AuditResult) -> String
    /// Hands the same text to `output` in consecutive UTF-8 pieces. JSON, SARIF, JUnit and GitHub output write
    /// about 64 KiB at a time, so the text of a large result is never held whole; other formats hand it out at once.
    func write(_ result: AuditResult, to output: (Data) -> Void)
}

extension FindingsReporter {
    public func write(_ result: AuditResult, to output: (Data) -> Void) { output(Data(render(result).utf8)) }

    /// What `write(_:to:)` hands out, whole: `render(_:)` of reporters that write in pieces.
    func collected(_ result: AuditResult) -> String {
        var text = Data()
        write(result) { text.append($0) }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Hands the text `body` appends to `output` in pieces of about 64 KiB, for reporters that write many short parts.
func writeInPieces(to output: (Data) -> Void, _ body: (_ append: (String) -> Void) -> Void) {
    var piece = ""
    withoutActuallyEscaping(output) { output in
        body { text in
            piece += text
            if piece.utf8.count >= 1 << 16 {
                output(Data(piece.utf8))
                piece = ""
            }
        }
    }
    if !piece.isEmpty { output(Data(piece.utf8)) }
}

/// A format that can print each finding the moment it is found (`--follow`).
public protocol StreamingReporter: FindingsReporter {
    func line(for finding: Finding) -> String
}
