/// Whoever judges timelines (the rules, `RuleEngine`): the tracker calls it at every point where an instance can
/// be judged, and knows nothing about what it concludes. A judge that reads other instances or evidence lines does
/// so through the tracker as `TimelineReading`, handed to it once by whoever made both.
protocol TimelineJudge {
    /// Which events the judge does something for, asked once by the tracker.
    var interest: JudgeInterest { get }
    /// Judges `event` on `instance` as it was before the event. `line` is the event's line when it is lent
    /// rather than in `event.text`.
    mutating func judge(_ event: LifecycleEvent, line: Bytes?, on instance: Instance)
    /// `event` has moved `instance` on.
    mutating func applied(_ event: LifecycleEvent, to instance: Instance)
    /// Judges what a callback's body did (called for instances that have logged observers only).
    mutating func judge(_ body: CallbackBody, on instance: Instance)
    /// `instance` is final: deallocated, replaced by a new object at its address, or still alive at the end of the
    /// trace (`atEnd`, in order of first appearance).
    mutating func finished(_ instance: Instance, atEnd: Bool)
    /// The trace ended: every instance is finished.
    mutating func traceEnded()
    /// The trace's clock moved on.
    mutating func timeAdvanced(to now: TraceTime)
}

/// Which events a judge does something for. The tracker asks once and keeps the answer: asking the judge (a
/// property of the tracker) on every event cost an exclusivity check each time.
struct JudgeInterest {
    /// Whether `judge(_:line:on:)` does anything for events of a kind: the tracker lends the instance only then
    /// (lending it copies the instance, even to a judge with nothing to do).
    let judges: (EventKind) -> Bool
    /// Whether `applied(_:to:)` does anything for events of a kind.
    let watchesApplied: (EventKind) -> Bool
    /// Whether `timeAdvanced(to:)` does anything.
    let watchesTime: Bool
}

/// What a judge may read of the timeline while it judges.
protocol TimelineReading: AnyObject {
    /// Another instance of the trace that is not deallocated.
    func instance(_ key: InstanceKey) -> Instance?
    /// The last lines of a timeline (at most `Instance.evidenceDepth`) up to the one at `newest`, oldest first.
    func recentLines(endingAt newest: EvidenceArena.Position?) -> [EvidenceLine]
}

/// An open callback body: the lines after a callback's own line on the same thread belong to it.
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
