/// How serious a finding is. Ordered: `info < warning < error`.
public enum Severity: String, Comparable, CaseIterable, Sendable {
    case info, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
}

/// Everything a rule says about itself: shown by `lifeline rules`, used by the README and checked by the
/// generic rule test, which runs every example.
public struct RuleDescription: Sendable {
    /// Stable identifier used by JSON output, baselines and configuration: `appearance-order`.
    public let identifier: String
    public let severity: Severity
    /// One line.
    public let summary: String
    /// What happened, why it matters, how to fix it, citing the rulebook (`§3.3`).
    public let explanation: String
    /// Traces that must produce a finding of this rule on each line marked `↓`, and on no other line.
    public let triggeringExamples: [String]
    /// Traces that must produce no finding of this rule.
    public let nonTriggeringExamples: [String]

    public init(identifier: String, severity: Severity, summary: String, explanation: String,
                triggeringExamples: [String], nonTriggeringExamples: [String]) {
        self.identifier = identifier
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// An open callback body: the lines after a callback's own line on the same thread belong to it (§7.4).
public struct CallbackBody: Sendable {
    /// The callback, or nil for an observer line that names its controller outside any of its callbacks.
    public var callback: Callback?
    public var line: Int
    public var instance: InstanceKey
    /// Observer names added or removed inside the body.
    public var touchedObservers: [String] = []
    /// Observer names removed inside the body.
    public var removedObservers: [String] = []
}

/// A lifecycle invariant. Each rule is one type in one file; the engine calls it with the instance as it was
/// *before* the event, then moves the instance to the state the event implies, so one bad callback yields one
/// finding rather than a cascade.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The events `check` judges; the engine skips the call for all others.
    static var checkedEvents: EventFilter { get }
    /// Whether `bodyClosed` judges anything; the engine skips the call when not.
    static var judgesBodies: Bool { get }
    init()
    /// Judges one event on its instance.
    func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext)
    /// Judges what a callback's body did, once the next callback on its thread (or the end of the trace) closes it.
    /// Bodies carry observer activity (§7.4), so this is called only for instances that have logged observers.
    func bodyClosed(_ body: CallbackBody, on instance: Instance, in context: RuleContext)
    /// Judges an instance still alive at the end of the trace.
    func endOfTrace(_ instance: Instance, in context: RuleContext)
    /// Judges an instance waiting for its dealloc when trace time moves on (streaming).
    func timeAdvanced(to now: TraceTime, on instance: Instance, in context: RuleContext)
}

extension Rule {
    public static var checkedEvents: EventFilter { .everything }
    public static var judgesBodies: Bool { true }
    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {}
    public func bodyClosed(_ body: CallbackBody, on instance: Instance, in context: RuleContext) {}
    public func endOfTrace(_ instance: Instance, in context: RuleContext) {}
    public func timeAdvanced(to now: TraceTime, on instance: Instance, in context: RuleContext) {}
    var identifier: String { Self.description.identifier }
}
