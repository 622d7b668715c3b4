import Foundation

/// `junit`: the JUnit XML that CI dashboards read (Jenkins, GitLab, Azure, CircleCI). Each input is one
/// `<testcase>` (named by its path), failing with one `<failure>` per finding, or in `<error>` when it could not
/// be read. Suite counts are test cases: `failures` have findings, `errors` are unreadable. Times are always 0:
/// they would only measure Lifeline, and the output stays identical from run to run. Log text is shown as the
/// text reporter shows it (`VisibleText`): a control or bidirectional character is written as `\u{…}`, so a
/// dashboard cannot be made to display a line reordered or hidden.
public struct JUnitReporter: FindingsReporter, Sendable {
    public init() {}

    public func render(_ result: AuditResult) -> String { collected(result) }

    public func write(_ result: AuditResult, to output: (Data) -> Void) {
        let byFile = Dictionary(grouping: result.findings, by: \.file)
        let failures = result.files.filter { $0.failure == nil && byFile[$0.path] != nil }.count
        let counts = "tests=\"\(result.files.count)\" failures=\"\(failures)\" errors=\"\(result.failedFiles.count)\" time=\"0\""
        writeInPieces(to: output) { append in
            append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
            append("<testsuites name=\"lifeline\" \(counts)>\n")
            append("  <testsuite name=\"lifeline check\" \(counts)>\n")
            for file in result.files {
                testCase(file, findings: byFile[file.path] ?? [], append)
            }
            append("  </testsuite>\n</testsuites>\n")
        }
    }

    private func testCase(_ file: FileSummary, findings: [Finding], _ append: (String) -> Void) {
        let open = "    <testcase name=\"\(XMLText.attribute(VisibleText.escape(file.path)))\" classname=\"lifeline\" time=\"0\""
        if let failure = file.failure {
            return append(open + ">\n      <error type=\"unreadable\" message=\"\(XMLText.attribute(VisibleText.escape(failure)))\"/>\n    </testcase>\n")
        }
        guard !findings.isEmpty else { return append(open + "/>\n") }
        append(open + ">\n")
        for finding in findings { append(failure(finding)) }
        append("    </testcase>\n")
    }

    /// Message: severity, rule and message. Body: the diagnostic line and the evidence.
    private func failure(_ finding: Finding) -> String {
        let message = "\(finding.severity.rawValue): [\(finding.rule)] \(VisibleText.escape(finding.message))"
        var body = "\(VisibleText.escape(finding.file)):\(finding.line): \(message)\n"
        for line in finding.evidence { body += "  \(line.line): \(VisibleText.escape(line.text))\n" }
        return "      <failure type=\"\(XMLText.attribute(finding.rule))\" message=\"\(XMLText.attribute(message))\">"
            + XMLText.content(body) + "</failure>\n"
    }
}
