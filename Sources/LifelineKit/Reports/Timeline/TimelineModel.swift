/// What the timeline reports show: for each input, its processes, the controller instances in them as lanes of
/// states over time, and the findings placed on those lanes. Built by `TimelineBuilder` from the same analysis
/// `check` runs.
public struct TimelineModel: Sendable {
    /// One entry per input, in the order given.
    public var traces: [TraceTimeline]
    /// Every rule that ran, for the explanations reports link to.
    public var rules: [RuleDescription]
    /// Screen timings of the traces, when measured (`lifeline stats`); the HTML report charts them.
    public var timings: ScreenTimings?

    /// A model of `traces`, explaining `rules`.
    public init(traces: [TraceTimeline], rules: [RuleDescription] = RuleRegistry.descriptions, timings: ScreenTimings? = nil) {
        self.traces = traces
        self.rules = rules
        self.timings = timings
    }

    /// Every finding of every input, in output order (file, line, rule).
    public var findings: [PlacedFinding] { traces.flatMap(\.findings) }

    /// Line accounting summed over the inputs.
    public var statistics: TraceStatistics { traces.reduce(TraceStatistics()) { $0 + $1.statistics } }

    /// Findings by severity over the inputs.
    public var counts: SeverityCounts {
        var counts = SeverityCounts()
        for finding in findings { counts.add(finding.finding.severity) }
        return counts
    }

    /// Findings per rule, for rules with at least one, in the order the rules run.
    public var countsByRule: [(rule: RuleDescription, count: Int)] {
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.finding.rule, default: 0] += 1 }
        return rules.compactMap { rule in counts[rule.identifier].map { (rule, $0) } }
    }
}

/// How a trace's positions are measured.
public enum TimeBase: Sendable, Equatable {
    /// Ticks are microseconds after `origin`, the first timestamp of the trace.
    case clock(origin: TraceTime)
    /// The trace has no timestamps: ticks are line numbers.
    case lines
}

/// One input's timeline.
public struct TraceTimeline: Sendable {
    /// The input as the user named it.
    public var file: String
    /// What ticks measure.
    public var timeBase: TimeBase
    /// The first and last event's tick.
    public var start: Int64
    public var end: Int64
    /// Processes in order of their first event.
    public var processes: [ProcessLanes]
    /// This input's findings in output order.
    public var findings: [PlacedFinding]
    /// How the input's lines were accounted for, as `check --stats` counts them.
    public var statistics: TraceStatistics
    /// Why the input could not be read, if it could not.
    public var failure: String?
    /// Some label, message or log line was longer than a report shows (`ReportText.limit`) and is cut.
    public var textsCut = false

    /// A trace timeline; an unreadable input is just `file` and `failure`.
    public init(file: String, timeBase: TimeBase = .lines, start: Int64 = 0, end: Int64 = 0, processes: [ProcessLanes] = [],
                findings: [PlacedFinding] = [], statistics: TraceStatistics = TraceStatistics(), failure: String? = nil) {
        self.file = file
        self.timeBase = timeBase
        self.start = start
        self.end = end
        self.processes = processes
        self.findings = findings
        self.statistics = statistics
        self.failure = failure
    }

    /// Every lane of every process, in display order.
    public var lanes: [ControllerLane] { processes.flatMap(\.lanes) }

    /// How many lanes there are, without gathering them.
    public var laneCount: Int { processes.reduce(0) { $0 + $1.lanes.count } }

    /// The labels of the lanes with these serials (the first lane of each serial), without gathering every lane.
    func labels(of serials: Set<Int>) -> [Int: String] {
        var labels: [Int: String] = [:]
        for process in processes {
            for index in process.lanes.indices where serials.contains(process.lanes[index].serial) && labels[process.lanes[index].serial] == nil {
                labels[process.lanes[index].serial] = process.lanes[index].label
            }
        }
        return labels
    }

    /// The length of the trace in ticks, at least 1 so scales never divide by zero.
    public var span: Int64 { max(1, end - start) }
}

/// The controller instances of one process (state is keyed by process and pid).
public struct ProcessLanes: Sendable {
    /// `Shop[4089]`, or `unknown process`.
    public var name: String
    /// Children follow their parent (depth-first), otherwise in order of first appearance.
    public var lanes: [ControllerLane]
}

/// The states a lane shows: the appearance state machine refined by what the log proves about loading and
/// deallocation.
public enum LaneState: String, CaseIterable, Sendable {
    /// Seen, view not (yet) logged as loaded, never on screen.
    case created
    /// View loaded, never on screen yet.
    case loaded
    case appearing, appeared, disappearing
    /// Off screen after having appeared.
    case disappeared
    case deallocated

    /// The position in `allCases`, which the report's script indexes by.
    var index: Int {
        switch self {
        case .created: return 0
        case .loaded: return 1
        case .appearing: return 2
        case .appeared: return 3
        case .disappearing: return 4
        case .disappeared: return 5
        case .deallocated: return 6
        }
    }

    /// The state of `instance` once an event was applied to it.
    static func of(_ instance: Instance) -> LaneState {
        if instance.isDeallocated { return .deallocated }
        switch instance.appearance {
        case .appearing: return .appearing
        case .appeared: return .appeared
        case .disappearing: return .disappearing
        case .disappeared:
            if instance.everAppeared { return .disappeared }
            return instance.isLoaded ? .loaded : .created
        }
    }
}

/// One controller instance over time.
public struct ControllerLane: Sendable {
    /// The instance's serial (order of first appearance in its trace, from 1).
    public var serial: Int
    public var process: ProcessKey
    public var controller: ControllerRef
    /// 1, or more for a later instance at a reused address.
    public var generation: Int
    /// The serial of the parent lane, when the parent is in the trace.
    public var parent: Int?
    /// The parent as logged (`willMove`/`didMove`/`addChild`), whether or not it logged anything itself.
    public var parentController: ControllerRef?
    /// Nesting level in display order: 0 for roots.
    public var depth: Int
    /// The instance's recognised lines, in trace order.
    public var events: [LaneEvent]
    /// Each event's whole log line, in `events` order; empty unless the timeline was built with event texts
    /// (`TimelineBuilder.build(_:name:options:eventTexts:unparseable:)`).
    public var eventTexts: [String]
    /// The first event's tick.
    public var start: Int64
    /// Dealloc, the start of the next instance at the same address, or the end of the trace.
    public var end: Int64

    /// Consecutive, non-overlapping, covering `start...end`: runs of equal states between the events that changed
    /// them, the last one lasting until `end`. Made from `events` when asked for: kept, they would take about as
    /// much memory as the events.
    public var segments: [LaneSegment] {
        var segments: [LaneSegment] = []
        segments.reserveCapacity(zip(events, events.dropFirst()).reduce(events.isEmpty ? 0 : 1) { $0 + ($1.0.state == $1.1.state ? 0 : 1) })
        for event in events {
            if let last = segments.last, last.state == event.state { continue }
            if !segments.isEmpty { segments[segments.count - 1].end = event.tick }
            segments.append(LaneSegment(state: event.state, start: event.tick, end: event.tick))
        }
        if !segments.isEmpty { segments[segments.count - 1].end = max(end, segments[segments.count - 1].start) }
        return segments
    }

    /// `Instance.id`: `Shop[4089]/Shop.CartViewController@0x7fa1c8d0a200#1`.
    public var id: String { InstanceKey(process: process, ref: controller).id(generation: generation) }

    /// How the parent was logged: `<Shop.ListViewController: 0x7f01>`.
    public var parentName: String? { parentController?.description }

    /// `Class 0xADDR` (`#2` appended for a later instance at a reused address), or the logged label.
    /// Capped (`ReportText`): a label is repeated wherever the lane is named.
    public var label: String { ReportText.capped(InstanceKey(process: process, ref: controller).label(generation: generation)) }

    /// Whether `label` is cut.
    var isLabelCut: Bool { ReportText.cut(InstanceKey(process: process, ref: controller).label(generation: generation)) != nil }
}

/// A stretch of a lane in one state, from tick `start` to tick `end`.
public struct LaneSegment: Sendable, Equatable {
    public var state: LaneState
    public var start: Int64
    public var end: Int64
}

/// One recognised line on a lane, and the state it left the lane in. Plain data of 16 bytes: a large trace has
/// millions, and its lanes are copied and freed as bytes.
public struct LaneEvent: Sendable, Equatable {
    public var tick: Int64
    /// `line` in 40 bits (a trillion lines): its low 32 bits, then the next 8.
    private var lineLow: UInt32
    private var lineHigh: UInt8
    /// `kind` as its position in `LaneEvent.kinds`: one byte where an `EventName` takes seventeen.
    let kindCode: UInt8
    /// The lane's state once the event was applied.
    public var state: LaneState

    /// The largest line number an event can have.
    static let maxLine = (1 << 40) - 1

    /// 1-based line number in its input.
    public var line: Int {
        get { Int(lineHigh) << 32 | Int(lineLow) }
        set {
            precondition(newValue >= 0 && newValue <= Self.maxLine, "line \(newValue) out of range for a lane event")
            lineLow = UInt32(truncatingIfNeeded: newValue)
            lineHigh = UInt8(truncatingIfNeeded: newValue >> 32)
        }
    }

    /// An event of `kind`, which is never an app event (lanes do not draw those).
    init(line: Int, tick: Int64, kind: EventKind, state: LaneState) {
        self.tick = tick
        self.state = state
        lineLow = 0
        lineHigh = 0
        switch kind {
        case .callback(let callback): kindCode = UInt8(callback.ordinal)
        case .observerAdded: kindCode = Self.addObserver
        case .observerRemoved, .observersRemovedAll: kindCode = Self.addObserver + 1
        case .uikitWarning: kindCode = Self.addObserver + 2
        case .appEvent: preconditionFailure("app events are not drawn on lanes")
        }
        self.line = line
    }

    /// What a lane event can be, at its `kindCode`: every callback (at its ordinal), then the observer and warning
    /// events.
    static let kinds: [EventName] = Callback.byOrdinal.map { .callback($0) } + [.addObserver, .removeObserver, .uikitWarning]
    private static let addObserver = UInt8(Callback.byOrdinal.count)

    /// The callback, `addObserver`, `removeObserver` or `uikitWarning`.
    public var kind: EventName { Self.kinds[Int(kindCode)] }

    /// The canonical callback or event name (`viewDidLoad`, `addObserver`, `uikitWarning`).
    public var name: String { kind.name }
}

/// A finding placed on its controller's lane.
public struct PlacedFinding: Sendable {
    public var finding: Finding
    /// The serial of the lane it belongs to.
    public var lane: Int
    /// Where on the lane: the tick of the event on the finding's line.
    public var tick: Int64
    /// The log line the finding points at, when it is an event line.
    public var logLine: String?
}
