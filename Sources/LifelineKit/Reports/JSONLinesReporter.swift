/// `jsonl`: one finding per line, each a compact JSON object of the JSON report's `findings` schema, so that
/// consumers can process findings as they arrive (also with `--follow`). Inputs and totals are not included.
public struct JSONLinesReporter: StreamingReporter, Sendable {
    public init() {}

    public func line(for finding: Finding) -> String {
        JSONReporter.finding(finding).serialized()
    }

    public func render(_ result: AuditResult) -> String {
        result.findings.map { line(for: $0) + "\n" }.joined()
    }
}
