/// One trace's lanes as compact JSON for the report's script (`<script type="application/json">`). Strings go
/// through `JSONText`, which escapes `<`, `>` and `&`, so log text cannot close the element.
///
/// `{"base":"clock"|"lines","start":…,"end":…,"processes":[name…],"names":[event name…],"classes":[class…],
///   "lanes":[[serial,label,process,depth,parent|0,[tick,state,tick,state,…,end],[tick,name,line,…],class],…]}`
/// States index `LaneState.allCases` (`LaneState.index`); names index `names`; a lane's class indexes `classes`
/// (the script folds instances of one class into one lane).
///
/// A large trace's lanes are written in runs of lanes, two at a time on two threads, each pair handed on before
/// the next is written: the JSON is never whole in memory.
struct HTMLTimelineData {
    let trace: TraceTimeline
    /// Each lane's process and position in it, in display order.
    private let places: [(process: Int, lane: Int)]
    /// Event kinds in order of first use: the `names` that lane events index.
    private let kinds: [EventName]
    /// Each event kind's position in `kinds`, by its `LaneEvent.kindCode`.
    private let kindPositions: [Int]
    /// How many events the lanes before each display position hold (one more entry than lanes).
    private let eventsBefore: [Int]
    /// Class names in order of first use, and each one's position: no per-lane entry is kept.
    private let classes: [String]
    private let classPositions: [String: Int]

    init(_ trace: TraceTimeline) {
        self.trace = trace
        var places: [(process: Int, lane: Int)] = []
        places.reserveCapacity(trace.laneCount)
        var kinds = KindIndex()
        var eventsBefore = [0]
        var classes: [String] = [], classPositions: [String: Int] = [:]
        for (process, lanes) in trace.processes.enumerated() {
            for (index, lane) in lanes.lanes.enumerated() {
                places.append((process, index))
                let name = lane.controller.name
                if classPositions[name] == nil {
                    classPositions[name] = classes.count
                    classes.append(name)
                }
                eventsBefore.append(eventsBefore[eventsBefore.count - 1] + lane.events.count)
                for event in lane.events { kinds.note(event) }
            }
        }
        self.places = places
        self.kinds = kinds.kinds
        self.kindPositions = kinds.positions
        self.eventsBefore = eventsBefore
        self.classes = classes
        self.classPositions = classPositions
    }

    /// The whole JSON of `trace`.
    static func json(_ trace: TraceTimeline) -> String {
        let out = TextBuffer(capacity: 1 << 16)
        HTMLTimelineData(trace).write(to: out)
        return out.text
    }

    /// How many lanes there are, in display order.
    var laneCount: Int { places.count }

    /// Lanes per run: consecutive ranges of lanes (display order), each with at least `events` events but the last.
    func runs(events: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for end in stride(from: 1, through: laneCount, by: 1) where eventsBefore[end] - eventsBefore[start] >= events || end == laneCount {
            runs.append(start..<end)
            start = end
        }
        return runs
    }

    /// Appends the whole JSON.
    func write(to out: TextBuffer) {
        writeHead(to: out)
        writeLanes(0..<laneCount, to: out)
        writeTail(to: out)
    }

    /// Appends the whole JSON, the lanes in runs of at least `runEvents` events, two runs at a time on two threads;
    /// calls `handOn` after each pair, for the text written so far to be taken out of `out`.
    func write(to out: TextBuffer, runEvents: Int, handOn: () -> Void) {
        writeHead(to: out)
        let runs = runs(events: runEvents)
        for first in stride(from: 0, to: runs.count, by: 2) {
            if first > 0 { out.append(",\n") }
            if first + 1 < runs.count {
                let (written, next) = inParallel({
                    let written = TextBuffer(capacity: 1 << 16)
                    writeLanes(runs[first], to: written)
                    return written
                }, { [self] in
                    let next = TextBuffer(capacity: 1 << 16)
                    writeLanes(runs[first + 1], to: next)
                    return next
                })
                out.append(written)
                out.append(",\n")
                out.append(next)
            } else {
                writeLanes(runs[first], to: out)
            }
            handOn()
        }
        writeTail(to: out)
    }

    /// Everything before the lanes.
    private func writeHead(to out: TextBuffer) {
        out.append("{\"base\":\"")
        out.append(trace.timeBase == .lines ? "lines" : "clock")
        out.append("\",\"start\":")
        out.append(trace.start)
        out.append(",\"end\":")
        out.append(trace.end)
        out.append(",\"processes\":[")
        out.append(trace.processes.map { JSONText.quoted(VisibleText.escape($0.name)) }.joined(separator: ","))
        out.append("],\"names\":[")
        out.append(kinds.map { JSONText.quoted($0.name) }.joined(separator: ","))
        out.append("],\"classes\":[")
        out.append(classes.map { JSONText.quoted(VisibleText.escape(ReportText.capped($0))) }.joined(separator: ","))
        out.append("],\"lanes\":[\n")
    }

    /// The lanes at `range` (display order), separated by `,\n`; written as bytes: large traces hold hundreds of
    /// thousands of numbers.
    func writeLanes(_ range: Range<Int>, to out: TextBuffer) {
        let comma = UInt8(ascii: ",")
        for position in range {
            let lane = lane(at: position)
            if position > range.lowerBound { out.append(",\n") }
            out.append("[")
            out.append(lane.serial)
            out.append(",")
            out.append(JSONText.quoted(VisibleText.escape(lane.label)))  // drawn as it is: made visible here
            out.append(",")
            out.append(places[position].process)
            out.append(",")
            out.append(lane.depth)
            out.append(",")
            out.append(lane.parent ?? 0)
            out.append(",[")
            let segments = lane.segments  // made from the events: once
            for segment in segments {
                out.append(segment.start)
                out.append(byte: comma)
                out.append(segment.state.index)
                out.append(byte: comma)
            }
            out.append(segments.last?.end ?? lane.end)
            out.append("],[")
            for (index, event) in lane.events.enumerated() {
                if index > 0 { out.append(byte: comma) }
                out.append(event.tick)
                out.append(byte: comma)
                out.append(kindPositions[Int(event.kindCode)])
                out.append(byte: comma)
                out.append(event.line)
            }
            out.append("],")
            out.append(classPositions[lane.controller.name] ?? 0)
            out.append("]")
        }
    }

    /// Everything after the lanes.
    private func writeTail(to out: TextBuffer) { out.append("]}") }

    private func lane(at position: Int) -> ControllerLane {
        trace.processes[places[position].process].lanes[places[position].lane]
    }
}

/// Event kinds in order of first use, found by their one-byte code.
private struct KindIndex {
    private(set) var kinds: [EventName] = []
    /// By kind code: the position in `kinds`, or -1 before the kind is used.
    private(set) var positions = [Int](repeating: -1, count: LaneEvent.kinds.count)

    /// Adds `event`'s kind at the end when it is new.
    mutating func note(_ event: LaneEvent) {
        let code = Int(event.kindCode)
        guard positions[code] < 0 else { return }
        positions[code] = kinds.count
        kinds.append(event.kind)
    }
}
