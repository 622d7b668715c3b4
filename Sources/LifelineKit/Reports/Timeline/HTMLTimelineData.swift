/// One trace's lanes as compact JSON for the report's script (`<script type="application/json">`). Strings go
/// through `JSONText`, which escapes `<`, `>` and `&`, so log text cannot close the element.
///
/// `{"base":"clock"|"lines","start":…,"end":…,"processes":[name…],"names":[event name…],
///   "lanes":[[serial,label,process,depth,parent|0,[tick,state,tick,state,…,end],[tick,name,line,…]],…]}`
/// States index `LaneState.allCases` (`LaneState.index`); names index `names`.
enum HTMLTimelineData {
    static func json(_ trace: TraceTimeline) -> String {
        var names: [String] = []
        var nameIndex: [String: Int] = [:]
        var out = "{\"base\":\"\(trace.timeBase == .lines ? "lines" : "clock")\",\"start\":\(trace.start),\"end\":\(trace.end)"
        out += ",\"processes\":[" + trace.processes.map { JSONText.quoted($0.name) }.joined(separator: ",") + "]"
        // Written straight into one string: reports of large traces hold hundreds of thousands of numbers.
        var lanes = ""
        var firstLane = true
        for (processIndex, process) in trace.processes.enumerated() {
            for lane in process.lanes {
                if !firstLane { lanes += ",\n" }
                firstLane = false
                lanes += "[\(lane.serial),\(JSONText.quoted(lane.label)),\(processIndex),\(lane.depth),\(lane.parent ?? 0),["
                for segment in lane.segments {
                    lanes += String(segment.start)
                    lanes += ","
                    lanes += String(segment.state.index)
                    lanes += ","
                }
                lanes += String(lane.segments.last?.end ?? lane.end)
                lanes += "],["
                for (position, event) in lane.events.enumerated() {
                    let index = nameIndex[event.name] ?? names.count
                    if index == names.count { names.append(event.name); nameIndex[event.name] = index }
                    if position > 0 { lanes += "," }
                    lanes += String(event.tick)
                    lanes += ","
                    lanes += String(index)
                    lanes += ","
                    lanes += String(event.line)
                }
                lanes += "]]"
            }
        }
        out += ",\"names\":[" + names.map { JSONText.quoted($0) }.joined(separator: ",") + "]"
        out += ",\"lanes\":[\n" + lanes + "]}"
        return out
    }
}
