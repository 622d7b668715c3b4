/// One trace's lanes as compact JSON for the report's script (`<script type="application/json">`). Strings go
/// through `JSONText`, which escapes `<`, `>` and `&`, so log text cannot close the element.
///
/// `{"base":"clock"|"lines","start":…,"end":…,"processes":[name…],"names":[event name…],
///   "lanes":[[serial,label,process,depth,parent|0,[tick,state,tick,state,…,end],[tick,name,line,…]],…]}`
/// States index `LaneState.allCases` (`LaneState.index`); names index `names`.
///
/// Lanes are written in runs (`writeLanes(_:to:)`), so that two threads can each write a part of a large trace.
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

    init(_ trace: TraceTimeline) {
        self.trace = trace
        var places: [(process: Int, lane: Int)] = []
        places.reserveCapacity(trace.laneCount)
        var kinds = KindIndex()
        var eventsBefore = [0]
        for (process, lanes) in trace.processes.enumerated() {
            for (index, lane) in lanes.lanes.enumerated() {
                places.append((process, index))
                eventsBefore.append(eventsBefore[eventsBefore.count - 1] + lane.events.count)
                for event in lane.events { kinds.note(event) }
            }
        }
        self.places = places
        self.kinds = kinds.kinds
        self.kindPositions = kinds.positions
        self.eventsBefore = eventsBefore
    }

    /// The whole JSON of `trace`.
    static func json(_ trace: TraceTimeline) -> String {
        let out = TextBuffer(capacity: 1 << 16)
        HTMLTimelineData(trace).write(to: out)
        return out.text
    }

    /// How many lanes there are, in display order.
    var laneCount: Int { places.count }

    /// How many events the lanes in `range` (display order) have.
    func eventCount(_ range: Range<Int>) -> Int { eventsBefore[range.upperBound] - eventsBefore[range.lowerBound] }

    /// The first display position before which the lanes hold at least `events` events (or all lanes).
    func position(afterEvents events: Int) -> Int { eventsBefore.firstIndex { $0 >= events } ?? laneCount }

    /// Appends the whole JSON.
    func write(to out: TextBuffer) {
        writeHead(to: out)
        writeLanes(0..<laneCount, to: out)
        writeTail(to: out)
    }

    /// Appends the whole JSON around lanes already written as consecutive runs (`writeLanes(_:to:)`).
    func write(runs: [TextBuffer], to out: TextBuffer) {
        writeHead(to: out)
        var first = true
        for run in runs where !run.isEmpty {
            if !first { out.append(",\n") }
            out.append(run)
            first = false
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
            for segment in lane.segments {
                out.append(segment.start)
                out.append(byte: comma)
                out.append(segment.state.index)
                out.append(byte: comma)
            }
            out.append(lane.segments.last?.end ?? lane.end)
            out.append("],[")
            for (index, event) in lane.events.enumerated() {
                if index > 0 { out.append(byte: comma) }
                out.append(event.tick)
                out.append(byte: comma)
                out.append(kindPositions[Int(event.kindCode)])
                out.append(byte: comma)
                out.append(event.line)
            }
            out.append("]]")
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
