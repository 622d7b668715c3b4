/// Whoever judges timelines (the rules, `RuleRunner`): the tracker calls it at every point where an instance can
/// be judged, and knows nothing about what it concludes.
///
/// Each call lends the judge the timeline so far (`TimelineLoan`), to read any instance or evidence line while it
/// judges.
protocol TimelineJudge {
    /// Which events the judge does something for, asked once by the tracker.
    var interest: JudgeInterest { get }
    /// Judges `event`, whose line is `line`, on `instance`, as it was before the event.
    mutating func judge(_ event: LifecycleEvent, line: EventLine, on instance: Instance, _ timeline: TimelineLoan)
    /// `event` has moved `instance` on. Returns whether `interest` changed (the judge stopped watching something).
    mutating func applied(_ event: LifecycleEvent, to instance: Instance, _ timeline: TimelineLoan) -> Bool
    /// Judges what a callback's body did to `instance` (called for instances that have logged observers only).
    mutating func judge(_ body: CallbackBody, on instance: Instance, _ timeline: TimelineLoan)
    /// `instance` is final: deallocated, replaced by a new object at its address, or still alive at the end of the
    /// trace (`atEnd`, in order of first appearance).
    mutating func finished(_ instance: Instance, atEnd: Bool, _ timeline: TimelineLoan)
    /// The trace ended: every instance is finished.
    mutating func traceEnded(_ timeline: TimelineLoan)
    /// The trace's clock moved on. Returns whether `interest` changed.
    mutating func timeAdvanced(to now: TraceTime, _ timeline: TimelineLoan) -> Bool
}

/// The timeline lent to a judge for one call, to read in place: the tracker owns it and changes it only between
/// calls. Valid until the call returns (the judge must not keep it).
///
/// Lending it by address is what lets the tracker be a value that the compiler checks for exclusive access,
/// instead of a class checked at run time on every property access (a quarter of the engine's instructions),
/// while rules still read other instances through a `RuleContext` they are handed by reference.
struct TimelineLoan {
    private let store: UnsafePointer<TimelineStore>
    /// The slot of the instance being judged, which the judge has (lent where it lies): the loan does not read it.
    private let judgedSlot: Int?
    /// For a load (`loadView`, `viewDidLoad`): the instance whose loading or appearing callback is running on its
    /// thread, which a controller loading there without a parent may be a guest of.
    let host: InstanceKey?

    init(_ store: UnsafePointer<TimelineStore>, judging slot: Int? = nil, host: InstanceKey? = nil) {
        self.store = store
        judgedSlot = slot
        self.host = host
    }

    /// Another instance that is not deallocated, in full form or at rest; nil for the instance being judged, which
    /// the judge has.
    func instance(_ key: InstanceKey) -> Instance? { store.pointee.instance(key, hiding: judgedSlot) }

    /// The last lines of a timeline (at most `Instance.evidenceDepth`) up to the one at `newest`, oldest first.
    func recentLines(endingAt newest: EvidenceArena.Position?) -> [EvidenceLine] { store.pointee.recentLines(endingAt: newest) }

    /// What the trace as a whole has shown so far.
    var facts: TimelineFacts { _read { yield store.pointee.facts } }
}

/// Which events a judge does something for. The tracker asks once and keeps the answer.
struct JudgeInterest {
    /// A bit per `EventKind.slot`: asked for every event, a bit test where a closure call was 4 M instructions on a
    /// 20 MB trace.
    private let judgedSlots: UInt64
    private let appliedSlots: UInt64
    /// Whether `timeAdvanced(to:_:)` does anything.
    let watchesTime: Bool

    /// `judged`, `watchedApplied`: the slots of the kinds `judge(_:line:on:_:)` and `applied(_:to:_:)` do something for.
    init(judged: [Int], watchedApplied: [Int], watchesTime: Bool) {
        precondition(EventKind.slotSamples.count <= 64, "a slot is a bit")
        judgedSlots = judged.reduce(0) { $0 | 1 << UInt64($1) }
        appliedSlots = watchedApplied.reduce(0) { $0 | 1 << UInt64($1) }
        self.watchesTime = watchesTime
    }

    /// Whether `judge(_:line:on:_:)` does anything for events of `kind`.
    @inline(__always) func judges(_ kind: EventKind) -> Bool { judgedSlots >> UInt64(kind.slot) & 1 != 0 }

    /// Whether `applied(_:to:_:)` does anything for events of `kind`.
    @inline(__always) func watchesApplied(_ kind: EventKind) -> Bool { appliedSlots >> UInt64(kind.slot) & 1 != 0 }
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
