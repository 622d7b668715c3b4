/// The knobs rules read: thresholds and per-rule severities, from the configuration file and flags.
public struct RuleSettings: Sendable {
    /// Seconds after removal by which a controller should have deallocated.
    public var leakTimeout: Double = 3
    /// Seconds a will→did appearance transition may take before `slow-transition` reports it.
    public var slowTransitionThreshold: Double = 1
    /// Severity overrides by rule identifier.
    public var severities: [String: Severity] = [:]
    /// Streaming: report `not-deallocated` as soon as the timeout passes instead of waiting for a late dealloc.
    public var reportLeaksEagerly = false

    public init() {}

    func severity(for rule: String) -> Severity? { severities[rule] }
}
