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
    /// The app event the rule reads with a pattern of its own, if it does (`work-in-appearance`'s `work`).
    public let appEvent: RuleAppEvent?

    public init(identifier: String, severity: Severity, summary: String, explanation: String,
                triggeringExamples: [String], nonTriggeringExamples: [String], exampleConfiguration: String? = nil,
                fix: RuleFix? = nil, appEvent: RuleAppEvent? = nil) {
        self.identifier = identifier
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.exampleConfiguration = exampleConfiguration
        self.fix = fix
        self.appEvent = appEvent
    }
}

/// An app event a rule reads, found by a pattern the rule brings and the configuration may replace
/// (`rules.<identifier>.pattern`). The analysis screens lines for it only while a rule or a custom rule reads it.
public struct RuleAppEvent: Sendable {
    /// The event's name, reserved: `events` of the configuration may not define it.
    public let name: String
    public let defaultPattern: String
    /// When only the rule reads the event, lines are matched only inside these callbacks (unless the pattern names
    /// its controller).
    public let readInside: CallbackSet

    public init(name: String, defaultPattern: String, readInside: CallbackSet) {
        self.name = name
        self.defaultPattern = defaultPattern
        self.readInside = readInside
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
/// A rule says what it is (`description`), what it judges (`checkedEvents`: kinds of events, and the moments of
/// `EventFilter.moments`), judges it (`check`), and may judge each instance once it is final (`finish`). The engine
/// skips every call a rule's filter does not ask for, and stops calling a `check` of moments or a `finish` the rule
/// leaves to its default (which says so, `RuleContext.ignoreFromNowOn()`).
///
/// A rule is a value made fresh for each trace (`init()`), so what it needs to remember about instances it keeps
/// in its own stored properties, keyed by `Instance.serial`, and drops in `finish`: the engine knows no rule by
/// name, and a new rule touches only its own file and `RuleRegistry`.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The events and moments `check` judges; the engine skips the call for all others.
    static var checkedEvents: EventFilter { get }
    init()
    /// Judges one event on its instance, as it was before the event.
    mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext)
    /// Judges a moment of an instance's life the filter asks for (`EventFilter.moments`).
    mutating func check(_ moment: InstanceMoment, on instance: Instance, in context: RuleContext)
    /// Judges a moment of the whole trace the filter asks for.
    mutating func check(_ moment: TraceMoment, in context: RuleContext)
    /// `instance` is final: deallocated, replaced by a new object at its address, or alive at the end of the trace
    /// (`atEnd`, in order of first appearance). A rule judges what it waited for, and forgets the instance.
    mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext)
    /// This rule's description: the type's, except for rules the configuration defines (`CustomRule`).
    var ruleDescription: RuleDescription { get }
    /// The events and moments `check` judges: the type's `checkedEvents`, except for rules the configuration defines.
    var eventFilter: EventFilter { get }
}

/// A moment of an instance's life a rule may ask to judge (`EventFilter.moments`).
public enum InstanceMoment {
    /// A callback's body closed: the next callback on its thread, or the end of the trace, came. Bodies carry
    /// observer activity, so this comes only for instances that have logged observers.
    case bodyClosed(CallbackBody)
    /// `event` has moved the instance on: the instance is as it is after it (`EventFilter.afterCallbacks`).
    case after(LifecycleEvent)
}

/// A moment of the whole trace a rule may ask to judge (`EventFilter.moments`).
public enum TraceMoment {
    /// The trace's clock moved on (a streaming rule may judge what it waits for).
    case clock(TraceTime)
    /// The trace ended, after every instance was finished.
    case end
}

extension Rule {
    public static var checkedEvents: EventFilter { .everything }
    public var ruleDescription: RuleDescription { Self.description }
    public var eventFilter: EventFilter { Self.checkedEvents }
    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {}
    public func check(_ moment: InstanceMoment, on instance: Instance, in context: RuleContext) { context.ignoreFromNowOn() }
    public func check(_ moment: TraceMoment, in context: RuleContext) { context.ignoreFromNowOn() }
    public func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) { context.ignoreFromNowOn() }
    var identifier: String { ruleDescription.identifier }
}
