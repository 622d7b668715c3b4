/// One trace's swimlanes as static inline SVG: what a reader without JavaScript sees (the script replaces it with
/// a virtual, zoomable view of the same lanes). Long traces are cut after `limit` lanes.
struct HTMLTimelineSVG {
    static let width = 1100.0, labelWidth = 300.0, row = 20.0, axis = 26.0, padding = 16.0
    /// The widest average character of a 12 px label among common system fonts (DejaVu Sans on Linux; Apple's
    /// and Segoe are narrower): labels cut to it end inside their column everywhere.
    static let characterWidth = 7.4

    let trace: TraceTimeline
    /// The trace's index in the report (1-based), for lane anchors `t1-c12`.
    let traceIndex: Int
    /// Findings per lane serial, with their index in the report's findings table.
    let marks: [Int: [(index: Int, finding: PlacedFinding)]]
    let limit: Int

    private enum Row {
        case process(String)
        case lane(ControllerLane)
    }

    /// Appends the chart to `out`.
    func render(to out: TextBuffer) {
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
        // Written as bytes: a lane has a few numbers per segment and per event.
        out.append("<svg class=\"static\" width=\"\(Int(Self.width))\" height=\"")
        out.appendDecimal1(height)
        out.append("\" viewBox=\"0 0 \(Int(Self.width)) ")
        out.appendDecimal1(height)
        out.append("\" role=\"group\" aria-label=\"Controller lanes\">\n")
        appendAxis(to: out)
        for (index, row) in rows.enumerated() {
            let y = Self.axis + Double(index) * Self.row
            switch row {
            case .process(let name):
                out.append("<rect class=\"process\" x=\"0\" y=\"")
                out.appendDecimal1(y)
                out.append("\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.row))\"/>")
                appendText(name, class: "process", x: 6, y: y + 14, to: out)
                out.append("</text>\n")
            case .lane(let lane):
                appendLane(lane, y: y, parentY: lane.parent.flatMap { rowOf[$0] }.map { Self.axis + Double($0) * Self.row }, to: out)
            }
        }
        out.append("</svg>")
    }

    private var scale: Double { (Self.width - Self.labelWidth - Self.padding) / Double(trace.span) }

    private func x(_ tick: Int64) -> Double { Self.labelWidth + Double(tick - trace.start) * scale }

    private func n(_ value: Double) -> String { Decimal1.string(value) }

    private func appendAxis(to out: TextBuffer) {
        let axis = TimeAxis(base: trace.timeBase, start: trace.start, end: trace.end)
        let title = trace.timeBase == .lines ? "log line (no timestamps)" : "time since first timestamp"
        out.append("<text class=\"axis-title\" x=\"6\" y=\"\(n(Self.axis - 9))\">\(title)</text>")
        for tick in axis.ticks(count: 7) {
            let tx = n(x(tick))
            out.append("<line class=\"tick\" x1=\"\(tx)\" x2=\"\(tx)\" y1=\"\(n(Self.axis - 6))\" y2=\"\(n(Self.axis))\"/>")
            out.append("<text class=\"tick\" x=\"\(n(x(tick) + 3))\" y=\"\(n(Self.axis - 9))\">\(HTMLText.escape(axis.label(tick)))</text>")
        }
        out.append("\n")
    }

    private func appendLane(_ lane: ControllerLane, y: Double, parentY: Double?, to out: TextBuffer) {
        out.append("<g class=\"lane\" id=\"t")
        out.append(traceIndex)
        out.append("-c")
        out.append(lane.serial)
        out.append("\">")
        let segments = lane.segments  // made from the events: once
        for segment in segments {
            let x0 = x(segment.start), width = max(x(segment.end) - x0, 3)
            out.append("<rect class=\"s-")
            out.append(segment.state.rawValue)
            out.append("\" x=\"")
            out.appendDecimal1(x0)
            out.append("\" y=\"")
            out.appendDecimal1(y + 4)
            out.append("\" width=\"")
            out.appendDecimal1(width)
            out.append("\" height=\"")
            out.appendDecimal1(Self.row - 8)
            out.append("\"/>")
        }
        for event in lane.events {
            let ex = x(event.tick)
            out.append("<line class=\"event\" x1=\"")
            out.appendDecimal1(ex)
            out.append("\" x2=\"")
            out.appendDecimal1(ex)
            out.append("\" y1=\"")
            out.appendDecimal1(y + 2)
            out.append("\" y2=\"")
            out.appendDecimal1(y + Self.row - 2)
            out.append("\"/>")
        }
        if let parentY, let first = segments.first {
            out.append("<path class=\"link\" d=\"M\(n(x(first.start))),\(n(parentY + Self.row / 2))V\(n(y + Self.row / 2))h4\"/>")
        }
        for (index, placed) in marks[lane.serial] ?? [] {
            let finding = placed.finding, mx = x(placed.tick), my = y + Self.row / 2
            // Short: the message and the rule; the rule's explanation is one link away, in the findings list.
            let tip = "\(finding.severity.rawValue) · \(finding.rule)\n\(finding.message)"
            out.append("<a href=\"#f\(index)\" class=\"mark\"><path class=\"sev-\(finding.severity.rawValue)\" "
                + "d=\"\(SeverityShape.path(finding.severity, x: mx, y: my))\"><title>\(HTMLText.escape(tip))</title></path></a>")
        }
        let indent = 8 + Double(min(lane.depth, 8)) * 12  // deeper nesting is not indented further: the label keeps room
        // The "└ " before a child's label takes two characters of its room: counted, it ends inside the column.
        let room = Self.labelWidth - indent - 12 - (lane.depth > 0 ? 14 : 0)
        let text = (lane.depth > 0 ? "└ " : "") + Self.truncated(lane.label, to: Int(room / Self.characterWidth))
        appendText(text, class: "label", x: indent, y: y + 14, to: out)
        out.append("<title>")
        HTMLText.escape(title(of: lane), into: out)
        out.append("</title></text>")
        out.append("</g>\n")
    }

    /// Opens a `<text>` element at (`x`, `y`) holding `text`; the caller closes it.
    private func appendText(_ text: String, class name: String, x: Double, y: Double, to out: TextBuffer) {
        out.append("<text class=\"")
        out.append(name)
        out.append("\" x=\"")
        out.appendDecimal1(x)
        out.append("\" y=\"")
        out.appendDecimal1(y)
        out.append("\">")
        HTMLText.escape(text, into: out)
    }

    private func title(of lane: ControllerLane) -> String {
        lane.parentName.map { "\(lane.label), child of \(ReportText.capped($0))" } ?? lane.label
    }

    /// `text` in at most `count` characters, cut in the middle: a lane label keeps its address and `#N` whole
    /// (they tell lanes of one class apart) when that leaves a few characters of the class name, else both ends.
    static func truncated(_ text: String, to count: Int) -> String {
        guard text.count > count else { return text }
        let keep = max(1, count - 1)
        let address = text.range(of: " 0x", options: .backwards).map { text.distance(from: $0.lowerBound, to: text.endIndex) }
        let tail = address.flatMap { $0 <= keep - 4 ? $0 : nil } ?? keep / 2
        return String(text.prefix(keep - tail)) + "…" + String(text.suffix(tail))
    }
}
