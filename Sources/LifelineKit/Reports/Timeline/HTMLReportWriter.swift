import Foundation

/// A self-contained HTML page: summary, a sortable findings list, swimlane timelines (static SVG, replaced by a
/// virtual zoomable view when scripts run) and the rule explanations. No external resources; a
/// Content-Security-Policy allows only the page's own script and style, by hash. Every log-derived string is
/// escaped with `HTMLText` or `JSONText`.
public struct HTMLReportWriter: TimelineReportWriter {
    /// Lanes per trace drawn in the static SVG that readers without JavaScript see.
    public var staticLaneLimit: Int

    /// A writer drawing at most `staticLaneLimit` lanes per trace without JavaScript.
    public init(staticLaneLimit: Int = 200) {
        self.staticLaneLimit = staticLaneLimit
    }

    /// The Content-Security-Policy of every report: nothing but the inline script and style, identified by hash.
    public static var contentSecurityPolicy: String { contentSecurityPolicy(timings: false) }

    /// The same for a report with screen timings, whose section adds a script and a style element.
    public static func contentSecurityPolicy(timings: Bool) -> String {
        var scripts = SHA256.cspSource(HTMLScript.source), styles = SHA256.cspSource(HTMLStyle.css)
        if timings {
            scripts += " " + SHA256.cspSource(HTMLTimingsSection.script)
            styles += " " + SHA256.cspSource(HTMLTimingsSection.css)
        }
        return "default-src 'none'; script-src \(scripts); style-src \(styles); base-uri 'none'; form-action 'none'"
    }

    public func write(_ model: TimelineModel) -> Data { joiningPieces(of: model) }

    /// The page in pieces of about a mebibyte: a large trace's page is tens of megabytes, never whole in memory.
    public func write(_ model: TimelineModel, to output: (Data) -> Void) {
        withoutActuallyEscaping(output) { output in write(model, to: Pieces(output)) }
    }

    private func write(_ model: TimelineModel, to out: Pieces) {
        let page = HTMLPage(model: model)
        out.append("""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy(timings: model.timings != nil))">
        <meta name="referrer" content="no-referrer">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Lifeline report</title>
        <style>\(HTMLStyle.css)</style>\(model.timings == nil ? "" : "\n<style>\(HTMLTimingsSection.css)</style>")
        </head>
        <body>

        """)
        out.append(page.header())
        // Findings first (as in an issue navigator), under controls that filter both them and the lanes.
        out.append("<main>\n" + page.controls() + page.findingsTable() + page.files())
        out.append("<section id=\"timelines\">\n<h2>Timelines</h2>\n" + page.legend())
        for (offset, trace) in model.traces.enumerated() {
            page.section(trace, index: offset + 1, staticLaneLimit: staticLaneLimit, to: out)
        }
        out.append("</section>\n")
        if let timings = model.timings { out.append(HTMLTimingsSection(timings: timings, traces: model.traces).render()) }
        out.append(page.ruleList() + "</main>\n")
        out.append("<div id=\"tip\" role=\"tooltip\" hidden></div>\n<script>\(HTMLScript.source)</script>\n")
        if model.timings != nil { out.append("<script>\(HTMLTimingsSection.script)</script>\n") }
        out.append("</body>\n</html>\n")
        out.handOn()
    }
}

/// Page text, handed on in pieces of about `size` bytes, in order.
private final class Pieces {
    static let size = 1 << 20
    /// What is not handed on yet.
    let text = TextBuffer(capacity: size + size / 4)
    private let output: (Data) -> Void

    init(_ output: @escaping (Data) -> Void) { self.output = output }

    func append(_ string: String) {
        text.append(string)
        handOnWhenFull()
    }

    func handOnWhenFull() {
        if text.count >= Self.size { handOn() }
    }

    /// Hands on what was written since the last piece.
    func handOn() {
        if !text.isEmpty { output(text.drain()) }
    }
}

/// The parts of one report page, sharing the finding numbering (`f1`, `f2`, … in table order).
private struct HTMLPage {
    let model: TimelineModel
    /// Findings of each trace with their number.
    let numbered: [[(index: Int, finding: PlacedFinding)]]

    init(model: TimelineModel) {
        self.model = model
        var next = 1
        numbered = model.traces.map { trace in
            trace.findings.map { finding in
                defer { next += 1 }
                return (next, finding)
            }
        }
    }

    func header() -> String {
        let statistics = model.statistics
        let span = model.traces.count == 1 ? Self.span(model.traces[0]) : "per file below the findings"
        var out = "<header id=\"summary\">\n<h1>Lifeline report</h1>\n<dl class=\"totals\">"
        for (term, value) in [("Files", "\(model.traces.count)"), ("Controllers", "\(statistics.controllers)"),
                              ("Events", "\(statistics.events)"), ("Findings", model.counts.description), ("Time span", span)] {
            out += "<div><dt>\(term)</dt><dd>\(HTMLText.escape(value))</dd></div>"
        }
        return out + "</dl>\n</header>\n"
    }

    /// The files and the findings per rule: after the findings, which come first.
    func files() -> String {
        var out = "<section id=\"files\">\n<h2>Files</h2>\n<table class=\"files\"><thead><tr><th>File</th><th>Controllers</th><th>Events</th><th>Findings</th>"
            + "<th>Time span</th></tr></thead><tbody>\n"
        for (offset, trace) in model.traces.enumerated() {
            let counts = SeverityCounts(trace.findings.map(\.finding))
            out += "<tr><td><a href=\"#t\(offset + 1)\">\(HTMLText.escape(trace.file))</a></td><td>\(trace.statistics.controllers)</td>"
                + "<td>\(trace.statistics.events)</td><td>\(counts.description)</td><td>\(HTMLText.escape(Self.span(trace)))</td></tr>\n"
        }
        out += "</tbody></table>\n"
        let byRule = model.countsByRule
        if !byRule.isEmpty {
            out += "<table class=\"rules-summary\"><thead><tr><th>Rule</th><th>Severity</th><th>Findings</th></tr></thead><tbody>\n"
            for (rule, count) in byRule {
                out += "<tr><td><a href=\"#rule-\(HTMLText.identifier(rule.identifier))\">\(HTMLText.escape(rule.identifier))</a></td>"
                    + "<td>\(Self.badge(rule.severity))</td><td>\(count)</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        return out + "</section>\n"
    }

    /// `2016-04-27T10:49:46.694000 + 5.8 s`, or `lines 3–120 (no timestamps)`.
    static func span(_ trace: TraceTimeline) -> String {
        if trace.failure != nil { return "not read" }
        if trace.laneCount == 0 { return "no events" }
        switch trace.timeBase {
        case .clock(let origin): return "\(origin.iso8601) + \(TimeAxis.duration(microseconds: trace.end - trace.start))"
        case .lines: return "lines \(trace.start)–\(trace.end) (no timestamps)"
        }
    }

    static func badge(_ severity: Severity) -> String {
        "<span class=\"badge sev-\(severity.rawValue)\">\(severity.rawValue)</span>"
    }

    func controls() -> String {
        var out = "<div id=\"controls\" role=\"group\" aria-label=\"Findings and timeline controls\" hidden>"
            + "<label>Search <input id=\"filter-class\" type=\"search\" placeholder=\"class, message or rule\"></label>"
            + "<label>Rule <select id=\"filter-rule\"><option value=\"\">any</option>"
        for (rule, count) in model.countsByRule {
            let identifier = HTMLText.escape(rule.identifier)
            out += "<option value=\"\(identifier)\">\(identifier) (\(count))</option>"
        }
        out += "</select></label><label><input id=\"filter-only\" type=\"checkbox\"> Findings only</label>"
            + "<span>Zoom <button type=\"button\" data-zoom=\"0.5\" aria-label=\"Zoom out\">−</button> "
            + "<button type=\"button\" data-zoom=\"2\" aria-label=\"Zoom in\">+</button> "
            + "<button type=\"button\" data-zoom=\"0\">Fit</button></span>"
        var keys = "Ctrl + wheel zooms at the pointer."
        if numbered.contains(where: { !$0.isEmpty }) {
            out += "<span id=\"finding-nav\"><button type=\"button\" id=\"finding-prev\" aria-keyshortcuts=\"p\">‹ Previous</button> "
                + "<span id=\"finding-at\" aria-live=\"polite\"></span> "
                + "<button type=\"button\" id=\"finding-next\" aria-keyshortcuts=\"n\">Next ›</button></span>"
            keys = "Keys n and p step through findings; Ctrl + wheel zooms at the pointer."
        }
        out += " <span class=\"note\">\(keys)</span></div>\n"
        return out
    }

    func legend() -> String {
        var out = "<ul class=\"legend\" aria-label=\"Legend\">"
        for state in LaneState.allCases {
            out += "<li><svg width=\"14\" height=\"12\" aria-hidden=\"true\"><rect class=\"s-\(state.rawValue)\" width=\"14\" height=\"12\"/></svg> \(state.rawValue)</li>"
        }
        for severity in Severity.allCases.reversed() {
            out += "<li><svg width=\"16\" height=\"16\" aria-hidden=\"true\"><path class=\"sev-\(severity.rawValue)\" "
                + "d=\"\(SeverityShape.path(severity, x: 8, y: 8))\"/></svg> \(severity.rawValue)</li>"
        }
        return out + "<li>│ event</li><li>└ child of the lane above</li><li>▸ instances of a class, one after another</li></ul>\n"
    }

    /// Appends one trace's section to `out`.
    func section(_ trace: TraceTimeline, index: Int, staticLaneLimit: Int, to out: Pieces) {
        out.append("<section class=\"trace\" id=\"t\(index)\" data-trace=\"\(index)\">\n<h3>\(HTMLText.escape(trace.file))</h3>\n")
        if let failure = trace.failure {
            return out.append("<p class=\"failure\">Not read: \(HTMLText.escape(failure))</p>\n</section>\n")
        }
        let laneCount = trace.laneCount
        guard laneCount > 0 else { return out.append("<p class=\"meta\">No controller events recognised.</p>\n</section>\n") }
        let processes = trace.processes.map(\.name).joined(separator: ", ")
        out.append("<p class=\"meta\">\(HTMLText.escape(processes)) · \(laneCount) controller\(laneCount == 1 ? "" : "s") · "
            + "\(HTMLText.escape(Self.span(trace)))</p>\n")
        if trace.textsCut {
            out.append("<p class=\"note\">Labels, messages and log lines longer than \(ReportText.limit) characters are cut, "
                       + "ending in …: the page stays small.</p>\n")
        }
        var marks: [Int: [(index: Int, finding: PlacedFinding)]] = [:]
        for entry in numbered[index - 1] { marks[entry.finding.lane, default: []].append(entry) }
        let svg = HTMLTimelineSVG(trace: trace, traceIndex: index, marks: marks, limit: staticLaneLimit)
        let data = HTMLTimelineData(trace)
        out.append("<div class=\"chart\">")
        svg.render(to: out.text)
        out.append("</div>\n")
        if laneCount > staticLaneLimit {
            out.append("<p class=\"note nojs\">Without JavaScript only the first \(staticLaneLimit) of \(laneCount) controllers are drawn.</p>\n")
        }
        out.append("<script type=\"application/json\" class=\"lanes\">")
        // Runs of about a piece each (a lane event is about twenty bytes of JSON).
        data.write(to: out.text, runEvents: Pieces.size / 20) { out.handOnWhenFull() }
        out.append("</script>\n</section>\n")
    }

    func findingsTable() -> String {
        var out = "<section id=\"findings-section\">\n<h2>Findings</h2>\n"
        guard numbered.contains(where: { !$0.isEmpty }) else { return out + "<p>No findings.</p>\n</section>\n" }
        out += "<div class=\"findings-list\"><table class=\"findings\" id=\"findings\"><thead><tr>"
        for (key, title) in [("sev", "Severity"), ("rule", "Rule"), ("ctl", "Controller"), ("msg", "Message and log line"), ("loc", "Location")] {
            out += "<th scope=\"col\" data-key=\"\(key)\"><button type=\"button\">\(title)</button></th>"
        }
        out += "</tr></thead><tbody>\n"
        for (offset, trace) in model.traces.enumerated() {
            let labels = trace.labels(of: Set(numbered[offset].map(\.finding.lane)))
            for (index, placed) in numbered[offset] {
                out += row(index: index, trace: offset + 1, placed, label: labels[placed.lane] ?? placed.finding.subject.ref.description)
            }
        }
        return out + "</tbody></table></div>\n</section>\n"
    }

    private func row(index: Int, trace: Int, _ placed: PlacedFinding, label: String) -> String {
        let finding = placed.finding
        let rank = Severity.allCases.firstIndex(of: finding.severity) ?? 0
        let rule = HTMLText.escape(finding.rule)
        let lane = "#t\(trace)-c\(placed.lane)"
        var out = "<tr id=\"f\(index)\" data-order=\"\(index)\" data-t=\"\(trace)\" data-c=\"\(placed.lane)\" data-k=\"\(placed.tick)\" "
            + "data-sev=\"\(rank)\" data-rule=\"\(rule)\" data-line=\"\(finding.line)\" data-ev=\"\(HTMLText.escape(finding.event.name))\">"
        out += "<td>\(Self.badge(finding.severity))</td><td><a href=\"#rule-\(HTMLText.identifier(finding.rule))\">\(rule)</a></td>"
        out += "<td class=\"ctl\"><a href=\"\(lane)\" data-f=\"f\(index)\">\(HTMLText.escape(label))</a></td>"
        out += "<td class=\"msg-cell\"><span class=\"msg\">\(HTMLText.escape(finding.message))</span>"
        if let logLine = placed.logLine { out += "<code class=\"raw\">\(HTMLText.escape(logLine))</code>" }
        out += "</td><td><a href=\"\(lane)\" data-f=\"f\(index)\">\(HTMLText.escape(finding.file)):\(finding.line)</a></td></tr>\n"
        return out
    }

    func ruleList() -> String {
        var out = "<section id=\"rules\">\n<h2>Rules</h2>\n<dl class=\"rules\">\n"
        for rule in model.rules {
            out += "<dt id=\"rule-\(HTMLText.identifier(rule.identifier))\"><code>\(HTMLText.escape(rule.identifier))</code> \(Self.badge(rule.severity))</dt>"
                + "<dd><p>\(HTMLText.escape(rule.summary)).</p><p>\(HTMLText.escape(rule.explanation))</p></dd>\n"
        }
        return out + "</dl>\n</section>\n"
    }
}
