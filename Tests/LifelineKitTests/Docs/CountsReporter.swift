import LifelineKit

/// docs/architecture.md's worked example of a reporter: one line per rule, with how many findings it made.
struct CountsReporter: FindingsReporter {
    func render(_ result: AuditResult) -> String {
        let counts = Dictionary(grouping: result.findings, by: \.rule).mapValues(\.count)
        return counts.keys.sorted().map { "\($0)\t\(counts[$0]!)\n" }.joined()
    }
}
