/// Builds a `TraceTimeline` by running the same analysis as `check` (`TraceAnalyzer`) and recording what its
/// observer reports: every event placed on its instance, every finished instance, every finding.
public enum TimelineBuilder {
    /// Analyses `input` and returns its timeline.
    ///
    /// - Parameters:
    ///   - name: the file name reports show; defaults to the input's display name.
    ///   - eventTexts: whether lanes carry their events' log lines (`ControllerLane.eventTexts`); reports that show none skip
    ///     making a string per event.
    ///   - unparseable: called with each line that could not be read.
    ///   - timings: measures screen timings from the same analysis, when given.
    /// - Throws: when the input cannot be opened or read.
    public static func build(_ input: TraceInput, name: String? = nil, options: AnalysisOptions, eventTexts: Bool = true,
                             unparseable: @escaping (UnparseableLine) -> Void = { _ in },
                             timings: TimingCollector? = nil) throws -> TraceTimeline {
        let file = name ?? input.displayName
        let recorder = TimelineRecorder(eventTexts: eventTexts)
        var observer = TraceAnalyzer.Observer { finding in
            var located = finding
            located.file = file
            recorder.record(located)
        }
        observer.unparseable = unparseable
        if let timings {
            observer.lentEvent = { event, instance, line in
                recorder.record(event, line: line, on: instance)
                timings.record(event, on: instance)
            }
            observer.instanceFinished = { instance in
                recorder.finish(instance)
                timings.finished(instance)
            }
        } else {
            observer.lentEvent = { event, instance, line in recorder.record(event, line: line, on: instance) }
            observer.instanceFinished = { instance in recorder.finish(instance) }
        }
        let statistics = try TraceAnalyzer(options: options).analyze(input, observer: observer)
        return recorder.timeline(file: file, statistics: statistics)
    }
}

/// Collects an analysis as it happens: each event goes straight onto its instance's lane, with its tick, so the
/// end of the trace only has to close the lanes.
final class TimelineRecorder {
    /// An instance as recorded so far.
    private struct Draft {
        var serial: Int
        var key: InstanceKey
        var generation: Int
        var events: [LaneEvent] = []
        var eventTexts: [String] = []
        var parentController: ControllerRef?
        var parent: Int?

        /// A serial with no draft yet.
        static let none = Draft(serial: 0, key: InstanceKey(process: ProcessKey(name: nil, pid: nil), ref: ControllerRef(name: "")),
                                generation: 0)
    }

    /// Whether lanes carry each event's line as a `String` (`ControllerLane.eventTexts`).
    private let eventTexts: Bool

    init(eventTexts: Bool = true) { self.eventTexts = eventTexts }

    /// By serial (`drafts[serial - 1]`; serials count up from 1). Serials that have not logged yet hold `Draft.none`.
    private var drafts: [Draft] = []
    private var clock = TickClock()
    /// Every event's line and tick, and where its text is, in trace order: to place findings (`FindingPlacer`).
    private var placements: [FindingPlacer.Event] = []
    private var texts: [LineStore.Ref] = []
    private var store = LineStore()
    private var findings: [Finding] = []
    /// The serial now living at each key, to resolve parents.
    private var current = KeyIndex()
    /// Parents named by `addChild` before the child logged anything.
    private var adoptedBefore: [InstanceKey: (serial: Int, parent: ControllerRef)] = [:]

    func record(_ finding: Finding) { findings.append(finding) }

    /// Records a lifecycle event on its lane. App events are not drawn: findings on them carry their line.
    func record(_ event: LifecycleEvent, line: Bytes, on instance: Instance) {
        guard event.kind.appEvent == nil else { return }
        let serial = instance.serial, draft = serial - 1
        if !hasDraft(serial) {
            // An instance's first event: from now on its key names it (until another instance takes the key).
            current[instance.key] = serial
            while drafts.count < serial { drafts.append(.none) }
            drafts[draft] = Draft(serial: serial, key: instance.key, generation: instance.generation)
        }
        let tick = clock.tick(event.time)
        let text = store.append(line)
        placements.append(FindingPlacer.Event(line: event.line, tick: tick))
        texts.append(text)
        // Changed in place: a copy of the draft would copy its arrays on every event.
        drafts[draft].events.append(LaneEvent(line: event.line, tick: tick, kind: event.kind.name, state: LaneState.of(instance)))
        if eventTexts { drafts[draft].eventTexts.append(store.string(text)) }
        if drafts[draft].parentController == nil { adoptParent(&drafts[draft], instance) }
        if event.kind.callback == .addChild, case .controller(let child)? = event.argument {
            adopt(InstanceKey(process: instance.key.process, ref: child), by: instance)
        }
    }

    func finish(_ instance: Instance) {
        guard hasDraft(instance.serial), drafts[instance.serial - 1].parentController == nil else { return }
        adoptParent(&drafts[instance.serial - 1], instance)
    }

    private func hasDraft(_ serial: Int) -> Bool { serial <= drafts.count && drafts[serial - 1].serial == serial }

    /// The parent the instance names (didMove, or a pending willMove), else one that adopted it with `addChild`.
    private func adoptParent(_ draft: inout Draft, _ instance: Instance) {
        var named = instance.parent
        if named == nil, case .controller(let pending)? = instance.pendingMove?.argument { named = pending }
        if let named {
            draft.parentController = named
            draft.parent = current[InstanceKey(process: instance.key.process, ref: named)].flatMap { $0 == draft.serial ? nil : $0 }
        } else if let adopted = adoptedBefore.removeValue(forKey: instance.key) {
            draft.parentController = adopted.parent
            draft.parent = adopted.serial
        }
    }

    private func adopt(_ childKey: InstanceKey, by parent: Instance) {
        if let serial = current[childKey], hasDraft(serial) {
            guard drafts[serial - 1].parentController == nil, serial != parent.serial else { return }
            drafts[serial - 1].parentController = parent.key.ref
            drafts[serial - 1].parent = parent.serial
        } else {
            adoptedBefore[childKey] = (parent.serial, parent.key.ref)
        }
    }

    // MARK: Assembly

    /// The timeline, once the trace is over. Called once: the lanes take the drafts' arrays.
    func timeline(file: String, statistics: TraceStatistics) -> TraceTimeline {
        if clock.base == .lines { useLinesAsTicks() }
        let end = placements.last?.tick ?? 0
        let start = placements.first?.tick ?? 0
        let lanes = makeLanes(traceEnd: end)
        let judged = Set(findings.map(\.subject.serial))  // only lanes with findings are looked up: copy only those
        let lanesBySerial = Dictionary(uniqueKeysWithValues: lanes.lazy.filter { judged.contains($0.serial) }.map { ($0.serial, $0) })
        let placer = FindingPlacer(events: placements) { self.store.string(self.texts[$0]) }
        let placed = Finding.sortedForOutput(findings).map { finding in
            placer.place(finding, on: lanesBySerial[finding.subject.serial])
        }
        return TraceTimeline(file: file, timeBase: clock.base, start: start, end: end,
                             processes: LaneLayout.group(lanes), findings: placed, statistics: statistics)
    }

    /// A trace without timestamps measures in lines: every tick recorded (0 while no timestamp had come) becomes
    /// its event's line.
    private func useLinesAsTicks() {
        for index in placements.indices { placements[index].tick = Int64(placements[index].line) }
        for draft in drafts.indices {
            for event in drafts[draft].events.indices { drafts[draft].events[event].tick = Int64(drafts[draft].events[event].line) }
        }
    }

    /// The lanes, moved out of the drafts.
    private func makeLanes(traceEnd: Int64) -> [ControllerLane] {
        // A later instance at the same key ends the earlier one where it starts (address reuse, §6.4).
        var successorStart = [Int64?](repeating: nil, count: drafts.count)  // by serial - 1
        var lastAtKey = KeyIndex()
        for index in drafts.indices where drafts[index].serial != 0 {
            if let previous = lastAtKey[drafts[index].key], let first = drafts[index].events.first { successorStart[previous - 1] = first.tick }
            lastAtKey[drafts[index].key] = drafts[index].serial
        }
        var lanes: [ControllerLane] = []
        lanes.reserveCapacity(drafts.count)
        for index in drafts.indices where drafts[index].serial != 0 {
            let draft = drafts[index]
            drafts[index] = .none  // the lane takes the draft's arrays without copying them
            let start = draft.events.first?.tick ?? 0
            let lastTick = draft.events.last?.tick ?? start
            let end = draft.events.last?.state == .deallocated ? lastTick : max(lastTick, successorStart[index] ?? traceEnd)
            lanes.append(ControllerLane(serial: draft.serial, process: draft.key.process, controller: draft.key.ref,
                                        generation: draft.generation, parent: draft.parent, parentController: draft.parentController, depth: 0,
                                        segments: Self.segments(draft.events, end: end),
                                        events: draft.events, eventTexts: draft.eventTexts, start: start, end: end))
        }
        return lanes
    }

    /// Runs of equal states between the events that changed them; the last one lasts until `end`.
    static func segments(_ events: [LaneEvent], end: Int64) -> [LaneSegment] {
        var segments: [LaneSegment] = []
        for event in events {
            if let last = segments.last, last.state == event.state { continue }
            if !segments.isEmpty { segments[segments.count - 1].end = event.tick }
            segments.append(LaneSegment(state: event.state, start: event.tick, end: event.tick))
        }
        if !segments.isEmpty { segments[segments.count - 1].end = max(end, segments[segments.count - 1].start) }
        return segments
    }
}
