import Foundation

/// The Trace Event Format (JSON object form) that ui.perfetto.dev and chrome://tracing open: one process per
/// traced process, one thread track per controller; the controller's life and, nested in it, its states as async
/// `b`/`e` slices keyed by the controller's id (Perfetto rejects overlapping `B`/`E`/`X` on one thread), the
/// lifetime also as object events `N`/`D`, callbacks and findings as instant events. Traces without timestamps use line numbers as time (1 line = 1 ms), as the
/// `metadata` says.
public struct ChromeTraceWriter: TimelineReportWriter {
    /// About how many bytes `write(_:to:)` hands over at a time.
    let pieceSize: Int

    /// The writer has no settings.
    public init() { pieceSize = 1 << 20 }

    /// A writer that hands over pieces of about `pieceSize` bytes (tests make them small).
    init(pieceSize: Int) { self.pieceSize = pieceSize }

    /// Each event's log line is an argument of its trace event.
    public var showsEventTexts: Bool { true }

    public func write(_ model: TimelineModel) -> Data { joiningPieces(of: model) }

    /// Hands the file over in pieces of about a mebibyte: a large trace's file is several times the trace.
    public func write(_ model: TimelineModel, to output: (Data) -> Void) {
        var piece = "{\"traceEvents\":[\n"
        var first = true
        func add(_ event: JSONValue) {
            if !first { piece += ",\n" }
            first = false
            piece += event.serialized()
            if piece.utf8.count >= pieceSize {
                output(Data(piece.utf8))
                piece = ""
            }
        }
        var nextPid = 1, nextTid = 1
        for trace in model.traces {
            let findingsByLane = Dictionary(grouping: trace.findings, by: \.lane)
            let scale: Int64 = trace.timeBase == .lines ? 1_000 : 1
            for process in trace.processes {
                let pid = nextPid
                nextPid += 1
                add(Self.metadata("process_name", pid: pid, tid: 0, ("name", .string("\(process.name) \(trace.file)"))))
                add(Self.metadata("process_sort_index", pid: pid, tid: 0, ("sort_index", .int(Int64(pid)))))
                for lane in process.lanes {
                    let track = Track(pid: pid, tid: nextTid, scale: scale)
                    nextTid += 1
                    track.events(for: lane, findings: findingsByLane[lane.serial] ?? []).forEach(add)
                }
            }
        }
        let metadata = JSONValue.object(JSONObject([
            ("generator", .string("lifeline report")),
            ("traces", .array(model.traces.map(Self.describe))),
        ]))
        piece += "\n],\n\"displayTimeUnit\":\"ms\",\n\"metadata\":" + metadata.serialized() + "}\n"
        output(Data(piece.utf8))
    }

    private static func describe(_ trace: TraceTimeline) -> JSONValue {
        var object = JSONObject([("file", .string(trace.file))])
        switch trace.timeBase {
        case .clock(let origin):
            object["timeBase"] = .string("clock")
            object["origin"] = .string(origin.iso8601)
            object["note"] = .string("ts is microseconds since origin, the trace's first timestamp")
        case .lines:
            object["timeBase"] = .string("lines")
            object["note"] = .string("no timestamps: ts is the log line number in milliseconds")
        }
        if let failure = trace.failure { object["error"] = .string(failure) }
        return .object(object)
    }

    static func metadata(_ name: String, pid: Int, tid: Int, _ argument: (String, JSONValue)) -> JSONValue {
        .object(JSONObject([("name", .string(name)), ("ph", .string("M")), ("pid", .int(Int64(pid))), ("tid", .int(Int64(tid))),
                            ("args", .object(JSONObject([argument])))]))
    }
}

/// One controller's track: its thread name, lifetime, state slices, callbacks and findings.
private struct Track {
    let pid: Int
    let tid: Int
    /// Ticks to microseconds.
    let scale: Int64

    /// Also the async and object id: unique in the whole file.
    private var id: String { "0x" + String(tid, radix: 16) }

    func events(for lane: ControllerLane, findings: [PlacedFinding]) -> [JSONValue] {
        var events = [ChromeTraceWriter.metadata("thread_name", pid: pid, tid: tid, ("name", .string(lane.label))),
                      ChromeTraceWriter.metadata("thread_sort_index", pid: pid, tid: tid, ("sort_index", .int(Int64(tid))))]
        var lifetime = [("id", JSONValue.string(ReportText.capped(lane.id)))]  // capped as labels are (`ReportText`)
        if let parent = lane.parentName { lifetime.append(("parent", .string(ReportText.capped(parent)))) }
        let name = ReportText.capped(lane.controller.name)
        events.append(event("N", name, "lifetime", lane.start, id: id, args: lifetime))
        // The whole life as the outer slice (it names the async track), the states nested in it.
        events.append(event("b", lane.label, "appearance", lane.start, id: id, args: lifetime))
        let segments = lane.segments  // made from the events: once
        for segment in segments where segment.state != .deallocated {
            events.append(event("b", segment.state.rawValue, "appearance", segment.start, id: id))
            events.append(event("e", segment.state.rawValue, "appearance", segment.end, id: id))
        }
        events.append(event("e", lane.label, "appearance", lane.end, id: id))
        for (index, laneEvent) in lane.events.enumerated() {
            let text = index < lane.eventTexts.count ? lane.eventTexts[index] : ""
            events.append(instant(laneEvent.name, "callback", laneEvent.tick,
                                  args: [("line", .int(Int64(laneEvent.line))), ("log", .string(text))]))
        }
        for placed in findings {
            let finding = placed.finding
            events.append(instant(finding.rule, "finding", placed.tick, args: [
                ("rule", .string(finding.rule)), ("severity", .string(finding.severity.rawValue)),
                ("message", .string(finding.message)), ("file", .string(finding.file)), ("line", .int(Int64(finding.line))),
            ]))
        }
        if let dealloc = segments.last(where: { $0.state == .deallocated }) {
            events.append(event("D", name, "lifetime", dealloc.start, id: id))
        }
        return events
    }

    private func instant(_ name: String, _ category: String, _ tick: Int64, args: [(String, JSONValue)]) -> JSONValue {
        var object = base("i", name, category, tick)
        object["s"] = .string("t")
        object["args"] = .object(JSONObject(args))
        return .object(object)
    }

    private func event(_ phase: String, _ name: String, _ category: String, _ tick: Int64, id: String,
                       args: [(String, JSONValue)] = []) -> JSONValue {
        var object = base(phase, name, category, tick)
        object["id"] = .string(id)
        if !args.isEmpty { object["args"] = .object(JSONObject(args)) }
        return .object(object)
    }

    private func base(_ phase: String, _ name: String, _ category: String, _ tick: Int64) -> JSONObject {
        JSONObject([("name", .string(name)), ("cat", .string(category)), ("ph", .string(phase)), ("ts", .int(tick * scale)),
                    ("pid", .int(Int64(pid))), ("tid", .int(Int64(tid)))])
    }
}
