/// The controller a finding is about.
public struct FindingSubject: Sendable, Equatable {
    public var ref: ControllerRef
    public var process: ProcessKey
    /// The instance's stable identifier (`Instance.id`).
    public var id: String
    public var serial: Int
}

/// One violation of one rule.
public struct Finding: Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    public var message: String
    /// The input the finding came from (a path, or `<stdin>`); set by the driver.
    public var file: String
    public var line: Int
    public var time: TraceTime?
    public var subject: FindingSubject
    /// The lines of the controller's timeline that prove it, oldest first, the finding's own line last.
    public var evidence: [EvidenceLine]
    /// What the finding is about (the event its line records, or the one that is missing), as fingerprints name it.
    public var event: EventName
}

extension Finding {
    /// Orders findings by file, then line, then rule: the stable order of every report.
    public static func sortedForOutput(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            if a.element.file != b.element.file { return a.element.file < b.element.file }
            if a.element.line != b.element.line { return a.element.line < b.element.line }
            if a.element.rule != b.element.rule { return a.element.rule < b.element.rule }
            return a.offset < b.offset
        }.map(\.element)
    }
}
