import Foundation

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
    ///   - shouldStop: whether to stop reading (a signal); the timeline then covers what was read.
    /// - Throws: when the input cannot be opened or read.
    public static func build(_ input: TraceInput, name: String? = nil, options: AnalysisOptions, eventTexts: Bool = true,
                             unparseable: @escaping (UnparseableLine) -> Void = { _ in },
                             timings: TimingCollector? = nil, shouldStop: @escaping () -> Bool = { false }) throws -> TraceTimeline {
        let file = name ?? input.displayName
        let recorder = TimelineRecorder(eventTexts: eventTexts, keepsLines: !eventTexts && !canReadAgain(input))
        var observer = TraceAnalyzer.Observer { finding in
            var located = finding
            located.file = file
            recorder.record(located)
        }
        observer.unparseable = unparseable
        observer.shouldStop = shouldStop
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
        return try recorder.timeline(file: file, statistics: statistics) { lines in try eventLines(lines, of: input, options: options) }
    }

    /// Whether `input` can be read a second time: a regular file (standard input and pipes cannot).
    private static func canReadAgain(_ input: TraceInput) -> Bool {
        guard case .file(let path) = input else { return false }
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The log lines of the lifecycle events at `lines`, from a second reading of `input` (the same analysis, so
    /// the same line numbers).
    private static func eventLines(_ lines: Set<Int>, of input: TraceInput, options: AnalysisOptions) throws -> [Int: String] {
        final class Found { var texts: [Int: String] = [:] }
        let found = Found()
        var observer = TraceAnalyzer.Observer { _ in }
        observer.lentEvent = { event, _, line in
            if lines.contains(event.line) { found.texts[event.line] = line.string(0..<line.count) }
        }
        _ = try TraceAnalyzer(options: options).analyze(input, observer: observer)
        return found.texts
    }
}

/// Collects an analysis as it happens: each event goes straight onto its instance's lane, with its tick, so the
/// end of the trace only has to close the lanes.
///
/// An event's log line is kept only when lanes quote their events (`eventTexts`), or, for an input that cannot be
/// read again, in `kept`. Otherwise a finding quotes its line from its evidence, which holds it unless the line was
/// too old or too long for the evidence ring; those few lines are read again from the input at the end.
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

    /// `keepsLines`: keep every event's line, for an input that cannot be read again.
    init(eventTexts: Bool = true, keepsLines: Bool = false) {
        self.eventTexts = eventTexts
        kept = keepsLines ? KeptLines() : nil
    }

    /// By serial (`drafts[serial - 1]`; serials count up from 1). Serials that have not logged yet hold `Draft.none`.
    private var drafts: [Draft] = []
    private var clock = TickClock()
    /// Every event's log line, when the input cannot be read again and lanes do not quote them.
    private var kept: KeptLines?
    private var findings: [Finding] = []
    /// The serial now living at each key, to resolve parents.
    private var current = KeyIndex()
    /// Parents named by `addChild` before the child logged anything.
    private var adoptedBefore: [InstanceKey: (serial: Int, parent: ControllerRef)] = [:]

    /// Some text was cut to `ReportText.limit`.
    private var cut = false

    func record(_ finding: Finding) {
        var capped = finding
        capped.message = self.capped(finding.message)
        for index in capped.evidence.indices { capped.evidence[index].text = self.capped(capped.evidence[index].text) }
        findings.append(capped)
    }

    /// `text` as a report shows it (`ReportText`), noting a cut.
    private func capped(_ text: String) -> String {
        guard let shorter = ReportText.cut(text) else { return text }
        cut = true
        return shorter
    }

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
        // Changed in place: a copy of the draft would copy its arrays on every event.
        drafts[draft].events.append(LaneEvent(line: event.line, tick: tick, kind: event.kind, state: LaneState.of(instance)))
        if eventTexts {
            let (text, wasCut) = ReportText.capped(line)
            if wasCut { cut = true }
            drafts[draft].eventTexts.append(text)
        }
        kept?.append(line: event.line, bytes: line)
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

    /// The timeline, once the trace is over. Called once: the lanes take the drafts' arrays. `readAgain` gives
    /// the log lines of the lifecycle events at some lines, from the input.
    func timeline(file: String, statistics: TraceStatistics, readAgain: (Set<Int>) throws -> [Int: String]) rethrows -> TraceTimeline {
        if clock.base == .lines { useLinesAsTicks() }
        // Ticks never decrease in trace order: the first events of the lanes start the trace, their last ones end it.
        let start = drafts.lazy.compactMap(\.events.first?.tick).min() ?? 0
        let end = drafts.lazy.compactMap(\.events.last?.tick).max() ?? 0
        current = KeyIndex()  // parents are resolved: the lanes take the memory of the keys
        adoptedBefore = [:]
        let lanes = makeLanes(traceEnd: end)
        drafts = []
        let placer = FindingPlacer(findings: findings, lanes: lanes)
        var texts: [Int: String] = [:]  // the lines only the input still has
        let unquoted = Set(findings.lazy.filter { self.exactText(of: $0, placer, lanes) == .readAgain }.map(\.line))
        if !unquoted.isEmpty { texts = try readAgain(unquoted) }
        let judged = Set(findings.map(\.subject.serial))  // only lanes with findings are looked up: copy only those
        let lanesBySerial = Dictionary(uniqueKeysWithValues: lanes.lazy.filter { judged.contains($0.serial) }.map { ($0.serial, $0) })
        let placed = Finding.sortedForOutput(findings).map { finding in
            var exact: String?
            switch exactText(of: finding, placer, lanes) {
            case .none: exact = nil
            case .text(let text): exact = text
            case .readAgain: exact = texts[finding.line]
            }
            var placedFinding = placer.place(finding, on: lanesBySerial[finding.subject.serial], exactText: exact)
            placedFinding.logLine = placedFinding.logLine.map(capped)
            return placedFinding
        }
        var timeline = TraceTimeline(file: file, timeBase: clock.base, start: start, end: end,
                                     processes: LaneLayout.group(lanes), findings: placed, statistics: statistics)
        timeline.textsCut = cut || lanes.contains { $0.isLabelCut }
        return timeline
    }

    /// Where the text of the lane event on a finding's line is.
    private enum ExactText: Equatable {
        /// No lane event is on the line.
        case none
        case text(String)
        /// Only in the input.
        case readAgain
    }

    private func exactText(of finding: Finding, _ placer: FindingPlacer, _ lanes: [ControllerLane]) -> ExactText {
        guard let event = placer.event(atOrBefore: finding.line), event.line == finding.line else { return .none }
        let lane = lanes[event.lane]
        if event.index < lane.eventTexts.count { return .text(lane.eventTexts[event.index]) }
        if let quoted = finding.evidence.last(where: { $0.line == finding.line })?.text, !EvidenceArena.mayBeCut(quoted) {
            return .text(quoted)
        }
        return kept.flatMap { $0.text(at: finding.line) }.map(ExactText.text) ?? .readAgain
    }

    /// A trace without timestamps measures in lines: every tick recorded (0 while no timestamp had come) becomes
    /// its event's line.
    private func useLinesAsTicks() {
        for draft in drafts.indices {
            for event in drafts[draft].events.indices { drafts[draft].events[event].tick = Int64(drafts[draft].events[event].line) }
        }
    }

    /// The lanes, moved out of the drafts.
    private func makeLanes(traceEnd: Int64) -> [ControllerLane] {
        let successorStart = successorStarts()
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
                                        events: draft.events, eventTexts: draft.eventTexts, start: start, end: end))
        }
        return lanes
    }

    /// By serial - 1: where the next instance at the same key starts, which ends this one there (address reuse).
    private func successorStarts() -> [Int64?] {
        var successorStart = [Int64?](repeating: nil, count: drafts.count)
        var lastAtKey = KeyIndex()
        for index in drafts.indices where drafts[index].serial != 0 {
            if let previous = lastAtKey[drafts[index].key], let first = drafts[index].events.first { successorStart[previous - 1] = first.tick }
            lastAtKey[drafts[index].key] = drafts[index].serial
        }
        return successorStart
    }
}

/// Every lane event's log line in trace order, back to back, for an input that cannot be read again.
private struct KeptLines {
    private var lines: [Int] = []
    private var refs: [LineStore.Ref] = []
    private var store = LineStore()

    mutating func append(line: Int, bytes: Bytes) {
        lines.append(line)
        refs.append(store.append(bytes))
    }

    /// The text of the event at `line`, if one was kept.
    func text(at line: Int) -> String? {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low < lines.count && lines[low] == line ? store.string(refs[low]) : nil
    }
}
