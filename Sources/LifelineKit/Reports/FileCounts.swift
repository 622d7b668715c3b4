extension AuditResult {
    /// Finding counts by severity for each file path.
    public var countsByFile: [String: SeverityCounts] {
        var counts: [String: SeverityCounts] = [:]
        for finding in findings { counts[finding.file, default: SeverityCounts()].add(finding.severity) }
        return counts
    }

    /// The inputs that could not be read.
    public var failedFiles: [FileSummary] { files.filter { $0.failure != nil } }
}
