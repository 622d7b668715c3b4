/// One trace's lanes as compact JSON for the report's script (`<script type="application/json">`). Strings go
/// through `JSONText`, which escapes `<`, `>` and `&`, so log text cannot close the element.
///
/// `{"base":"clock"|"lines","start":…,"end":…,"processes":[name…],"names":[event name…],
///   "lanes":[[serial,label,process,depth,parent|0,[tick,state,tick,state,…,end],[tick,name,line,…]],…]}`
/// States index `LaneState.allCases` (`LaneState.index`); names index `names`.
enum HTMLTimelineData {
    static func json(_ trace: TraceTimeline) -> String {
        let out = TextBuffer(capacity: 1 << 16)
        write(trace, to: out)
        return out.text
    }

    /// Appends the trace's JSON to `out`.
    static func write(_ trace: TraceTimeline, to out: TextBuffer) {
        var names = NameList()
        let comma = UInt8(ascii: ",")
        out.append("{\"base\":\"")
        out.append(trace.timeBase == .lines ? "lines" : "clock")
        out.append("\",\"start\":")
        out.append(trace.start)
        out.append(",\"end\":")
        out.append(trace.end)
        out.append(",\"processes\":[")
        out.append(trace.processes.map { JSONText.quoted($0.name) }.joined(separator: ","))
        out.append("]")
        // Written as bytes: reports of large traces hold hundreds of thousands of numbers.
        let lanes = TextBuffer(capacity: 1 << 16)
        for (processIndex, process) in trace.processes.enumerated() {
            for lane in process.lanes {
                if !lanes.isEmpty { lanes.append(",\n") }
                lanes.append("[")
                lanes.append(lane.serial)
                lanes.append(",")
                lanes.append(JSONText.quoted(lane.label))
                lanes.append(",")
                lanes.append(processIndex)
                lanes.append(",")
                lanes.append(lane.depth)
                lanes.append(",")
                lanes.append(lane.parent ?? 0)
                lanes.append(",[")
                for segment in lane.segments {
                    lanes.append(segment.start)
                    lanes.append(byte: comma)
                    lanes.append(segment.state.index)
                    lanes.append(byte: comma)
                }
                lanes.append(lane.segments.last?.end ?? lane.end)
                lanes.append("],[")
                for (position, event) in lane.events.enumerated() {
                    let index = names.index(of: event.kind)
                    if position > 0 { lanes.append(byte: comma) }
                    lanes.append(event.tick)
                    lanes.append(byte: comma)
                    lanes.append(index)
                    lanes.append(byte: comma)
                    lanes.append(event.line)
                }
                lanes.append("]]")
            }
        }
        out.append(",\"names\":[")
        out.append(names.all.map { JSONText.quoted($0) }.joined(separator: ","))
        out.append("],\"lanes\":[\n")
        out.append(lanes)
        out.append("]}")
    }
}

/// Event kinds in order of first use. A report has a few dozen, and each lane event looks one up: a scan from the
/// last hit beats hashing.
private struct NameList {
    private(set) var kinds: [LaneEvent.Kind] = []
    private var last = 0

    var all: [String] { kinds.map(\.name) }

    mutating func index(of kind: LaneEvent.Kind) -> Int {
        if last < kinds.count, kinds[last] == kind { return last }
        if let found = kinds.firstIndex(of: kind) {
            last = found
            return found
        }
        kinds.append(kind)
        last = kinds.count - 1
        return last
    }
}
