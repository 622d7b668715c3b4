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
    /// What happened, why it matters, how to fix it.
    public let explanation: String
    /// Traces that must produce a finding of this rule on each line marked `↓`, and on no other line.
    public let triggeringExamples: [String]
    /// Traces that must produce no finding of this rule.
    public let nonTriggeringExamples: [String]
    /// The `.lifeline.json` the examples run with (a rule template's examples need one), or nil.
    public let exampleConfiguration: String?
    /// The fix as code, shown by `lifeline rules explain`; every built-in rule has one (a test checks).
    public let fix: RuleFix?

    public init(identifier: String, severity: Severity, summary: String, explanation: String,
                triggeringExamples: [String], nonTriggeringExamples: [String], exampleConfiguration: String? = nil,
                fix: RuleFix? = nil) {
        self.identifier = identifier
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.exampleConfiguration = exampleConfiguration
        self.fix = fix
    }
}

/// A rule's fix as a short piece of view-controller code, in both languages UIKit apps are written in.
public struct RuleFix: Sendable {
    public let swift: String
    public let objectiveC: String

    public init(swift: String, objectiveC: String) {
        self.swift = swift
        self.objectiveC = objectiveC
    }
}

/// A lifecycle invariant. Each rule is one type in one file; the engine calls it with the instance as it was
/// *before* the event, then moves the instance to the state the event implies, so one bad callback yields one
/// finding rather than a cascade.
///
/// A rule is a value made fresh for each trace (`init()`), so what it needs to remember about instances it keeps
/// in its own stored properties, keyed by `Instance.serial`, and drops in `forget(_:)`: the engine knows no rule
/// by name, and a new rule touches only its own file and `RuleRegistry`.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// This rule's description: the type's, except for rules the configuration defines (`CustomRule`).
    var ruleDescription: RuleDescription { get }
    /// The events `check` judges: the type's `checkedEvents`, except for rules the configuration defines.
    var eventFilter: EventFilter { get }
    /// The events `check` judges; the engine skips the call for all others.
    static var checkedEvents: EventFilter { get }
    /// The events after which `applied` wants to see the instance (none unless a rule says so).
    static var appliedEvents: EventFilter { get }
    /// Whether `bodyClosed` judges anything; the engine skips the call when not.
    static var judgesBodies: Bool { get }
    /// Whether `finished` does anything (by default it calls `endOfTrace` and `forget`); the engine skips the call when
    /// not. A rule that keeps no state per instance and judges nothing at the end says false.
    static var judgesFinished: Bool { get }
    /// Whether `timeAdvanced` judges anything with these settings (it is called on nearly every event if so).
    static func watchesTime(_ settings: RuleSettings) -> Bool
    init()
    /// Judges one event on its instance.
    mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext)
    /// Sees the instance once an event of `appliedEvents` has moved it on.
    mutating func applied(_ event: LifecycleEvent, to instance: Instance, in context: RuleContext)
    /// Judges what a callback's body did, once the next callback on its thread (or the end of the trace) closes it.
    /// Bodies carry observer activity, so this is called only for instances that have logged observers.
    mutating func bodyClosed(_ body: CallbackBody, on instance: Instance, in context: RuleContext)
    /// Judges an instance still alive at the end of the trace.
    mutating func endOfTrace(_ instance: Instance, in context: RuleContext)
    /// `instance` is final: by default `endOfTrace` (`atEnd`), then `forget`. Rules that judge every instance's whole
    /// life, however it ended, replace this.
    mutating func finished(_ instance: Instance, atEnd: Bool, in context: RuleContext)
    /// The trace ended, after every instance was finished.
    mutating func traceEnded(in context: RuleContext)
    /// Trace time moved on (a streaming rule may judge what it waits for).
    mutating func timeAdvanced(to now: TraceTime, in context: RuleContext)
    /// `instance` is final (deallocated, replaced at its address, or judged at the end): forget it.
    mutating func forget(_ instance: Instance)
}

extension Rule {
    public static var checkedEvents: EventFilter { .everything }
    public static var appliedEvents: EventFilter { EventFilter() }
    public static var judgesBodies: Bool { true }
    public static var judgesFinished: Bool { true }
    public static func watchesTime(_ settings: RuleSettings) -> Bool { false }
    public var ruleDescription: RuleDescription { Self.description }
    public var eventFilter: EventFilter { Self.checkedEvents }
    public mutating func finished(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if atEnd { endOfTrace(instance, in: context) }
        forget(instance)
    }
    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {}
    public func applied(_ event: LifecycleEvent, to instance: Instance, in context: RuleContext) {}
    public func bodyClosed(_ body: CallbackBody, on instance: Instance, in context: RuleContext) {}
    public func endOfTrace(_ instance: Instance, in context: RuleContext) {}
    public func timeAdvanced(to now: TraceTime, in context: RuleContext) {}
    public func traceEnded(in context: RuleContext) {}
    public func forget(_ instance: Instance) {}
    var identifier: String { ruleDescription.identifier }
}
