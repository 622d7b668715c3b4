/// One trace's swimlanes as static inline SVG: what a reader without JavaScript sees (the script replaces it with
/// a virtual, zoomable view of the same lanes). Long traces are cut after `limit` lanes.
struct HTMLTimelineSVG {
    static let width = 1100.0, labelWidth = 300.0, row = 20.0, axis = 26.0, padding = 16.0

    let trace: TraceTimeline
    /// The trace's index in the report (1-based), for lane anchors `t1-c12`.
    let traceIndex: Int
    /// Findings per lane serial, with their index in the report's findings table.
    let marks: [Int: [(index: Int, finding: PlacedFinding)]]
    let summaries: [String: String]
    let limit: Int

    private enum Row {
        case process(String)
        case lane(ControllerLane)
    }

    func render() -> String {
        var rows: [Row] = []
        var drawn = 0
        for process in trace.processes where drawn < limit {
            rows.append(.process(process.name))
            for lane in process.lanes.prefix(limit - drawn) { rows.append(.lane(lane)) }
            drawn += min(process.lanes.count, limit - drawn)
        }
        let height = Self.axis + Double(rows.count) * Self.row
        var rowOf: [Int: Int] = [:]
        for (index, row) in rows.enumerated() { if case .lane(let lane) = row { rowOf[lane.serial] = index } }
        var out = "<svg class=\"static\" width=\"\(Int(Self.width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(Int(Self.width)) \(n(height))\" role=\"group\" aria-label=\"Controller lanes\">\n"
        out += axisMarkup()
        for (index, row) in rows.enumerated() {
            let y = Self.axis + Double(index) * Self.row
            switch row {
            case .process(let name):
                out += "<rect class=\"process\" x=\"0\" y=\"\(n(y))\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.row))\"/>"
                out += "<text class=\"process\" x=\"6\" y=\"\(n(y + 14))\">\(HTMLText.escape(name))</text>\n"
            case .lane(let lane):
                out += laneMarkup(lane, y: y, parentY: lane.parent.flatMap { rowOf[$0] }.map { Self.axis + Double($0) * Self.row })
            }
        }
        return out + "</svg>"
    }

    private var scale: Double { (Self.width - Self.labelWidth - Self.padding) / Double(trace.span) }

    private func x(_ tick: Int64) -> Double { Self.labelWidth + Double(tick - trace.start) * scale }

    private func n(_ value: Double) -> String { Decimal1.string(value) }

    private func axisMarkup() -> String {
        let axis = TimeAxis(base: trace.timeBase, start: trace.start, end: trace.end)
        let title = trace.timeBase == .lines ? "log line (no timestamps)" : "time since first timestamp"
        var out = "<text class=\"axis-title\" x=\"6\" y=\"\(n(Self.axis - 9))\">\(title)</text>"
        for tick in axis.ticks(count: 7) {
            let tx = n(x(tick))
            out += "<line class=\"tick\" x1=\"\(tx)\" x2=\"\(tx)\" y1=\"\(n(Self.axis - 6))\" y2=\"\(n(Self.axis))\"/>"
            out += "<text class=\"tick\" x=\"\(n(x(tick) + 3))\" y=\"\(n(Self.axis - 9))\">\(HTMLText.escape(axis.label(tick)))</text>"
        }
        return out + "\n"
    }

    private func laneMarkup(_ lane: ControllerLane, y: Double, parentY: Double?) -> String {
        var out = "<g class=\"lane\" id=\"t\(traceIndex)-c\(lane.serial)\">"
        for segment in lane.segments {
            let x0 = x(segment.start), width = max(x(segment.end) - x0, 3)
            out += "<rect class=\"s-\(segment.state.rawValue)\" x=\"\(n(x0))\" y=\"\(n(y + 4))\" width=\"\(n(width))\" height=\"\(n(Self.row - 8))\"/>"
        }
        for event in lane.events {
            let ex = n(x(event.tick))
            out += "<line class=\"event\" x1=\"\(ex)\" x2=\"\(ex)\" y1=\"\(n(y + 2))\" y2=\"\(n(y + Self.row - 2))\"/>"
        }
        if let parentY, let first = lane.segments.first {
            out += "<path class=\"link\" d=\"M\(n(x(first.start))),\(n(parentY + Self.row / 2))V\(n(y + Self.row / 2))h4\"/>"
        }
        for (index, placed) in marks[lane.serial] ?? [] {
            let finding = placed.finding, mx = x(placed.tick), my = y + Self.row / 2
            let tip = "\(finding.severity.rawValue) · \(finding.rule)\n\(finding.event) at line \(finding.line): \(finding.message)\n"
                + (summaries[finding.rule] ?? "")
            out += "<a href=\"#f\(index)\" class=\"mark\"><path class=\"sev-\(finding.severity.rawValue)\" "
                + "d=\"M\(n(mx)),\(n(my - 7))l6,7l-6,7l-6,-7z\"><title>\(HTMLText.escape(tip))</title></path></a>"
        }
        let indent = 8 + Double(lane.depth) * 12
        let text = (lane.depth > 0 ? "└ " : "") + Self.truncated(lane.label, to: Int((Self.labelWidth - indent - 12) / 6.6))
        out += "<text class=\"label\" x=\"\(n(indent))\" y=\"\(n(y + 14))\">\(HTMLText.escape(text))<title>\(HTMLText.escape(title(of: lane)))</title></text>"
        return out + "</g>\n"
    }

    private func title(of lane: ControllerLane) -> String {
        lane.parentName.map { "\(lane.label), child of \($0)" } ?? lane.label
    }

    static func truncated(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(max(1, count - 1))) + "…"
    }
}
