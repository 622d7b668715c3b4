/// One trace's lanes as compact JSON for the report's script (`<script type="application/json">`). Strings go
/// through `JSONText`, which escapes `<`, `>` and `&`, so log text cannot close the element.
///
/// `{"base":"clock"|"lines","start":…,"end":…,"processes":[name…],"names":[event name…],
///   "lanes":[[serial,label,process,depth,parent|0,[tick,state,tick,state,…,end],[tick,name,line,…]],…]}`
/// States index `LaneState.allCases`; names index `names`.
enum HTMLTimelineData {
    static func json(_ trace: TraceTimeline) -> String {
        var names: [String] = []
        var nameIndex: [String: Int] = [:]
        var out = "{\"base\":\"\(trace.timeBase == .lines ? "lines" : "clock")\",\"start\":\(trace.start),\"end\":\(trace.end)"
        out += ",\"processes\":[" + trace.processes.map { JSONText.quoted($0.name) }.joined(separator: ",") + "]"
        var lanes: [String] = []
        for (processIndex, process) in trace.processes.enumerated() {
            for lane in process.lanes {
                var segments: [String] = []
                for segment in lane.segments {
                    segments.append(String(segment.start))
                    segments.append(String(LaneState.allCases.firstIndex(of: segment.state) ?? 0))
                }
                segments.append(String(lane.segments.last?.end ?? lane.end))
                var events: [String] = []
                for event in lane.events {
                    let index = nameIndex[event.name] ?? names.count
                    if index == names.count { names.append(event.name); nameIndex[event.name] = index }
                    events.append("\(event.tick),\(index),\(event.line)")
                }
                lanes.append("[\(lane.serial),\(JSONText.quoted(lane.label)),\(processIndex),\(lane.depth),\(lane.parent ?? 0),"
                             + "[\(segments.joined(separator: ","))],[\(events.joined(separator: ","))]]")
            }
        }
        out += ",\"names\":[" + names.map { JSONText.quoted($0) }.joined(separator: ",") + "]"
        out += ",\"lanes\":[\n" + lanes.joined(separator: ",\n") + "]}"
        return out
    }
}
