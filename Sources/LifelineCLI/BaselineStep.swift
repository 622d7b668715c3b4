import LifelineKit

/// `--write-baseline` and `--baseline` on a finished result, as `check` and `merge` apply them.
enum BaselineStep {
    /// `--write-baseline` records every finding; `--baseline` (read before the analysis, as `baseline`) then leaves
    /// out the known ones. Returns false when the baseline could not be written.
    static func apply(_ arguments: ParsedArguments, _ baseline: Baseline?, to result: inout AuditResult,
                      workingDirectory: String) throws -> Bool {
        var written = true
        if let path = try arguments.value("--write-baseline") {
            let recorded = Baseline(recording: result.findings,
                                    paths: BaselinePaths(baselineFile: BaselineFile.anchor(path), workingDirectory: workingDirectory))
            do {
                try BaselineFile.write(recorded, to: path)
                OutputStream.standardError.note("lifeline: recorded \(counted(recorded.fingerprints.count, "finding")) in \(path)")
            } catch {
                OutputStream.standardError.diagnostic("lifeline: \(error)")
                written = false
            }
        }
        if let baseline, let path = try arguments.value("--baseline") {
            let paths = BaselinePaths(baselineFile: BaselineFile.anchor(path), workingDirectory: workingDirectory)
            let (fresh, known) = baseline.newFindings(in: result.findings, paths: paths)
            if known > 0 { OutputStream.standardError.note("lifeline: \(counted(known, "finding")) in the baseline not shown") }
            let configuration = result.configuration
            result = AuditResult(files: result.files, findings: fresh, rules: result.rules)
            result.configuration = configuration
        }
        return written
    }
}
