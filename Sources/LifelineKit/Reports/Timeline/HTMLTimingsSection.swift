import Foundation

/// The HTML report's screen timings (`TimelineModel.timings`): per class, one row per phase on a shared logarithmic
/// axis (a line from the fastest to the slowest measurement, a box from p50 to p90, a tick at p99), and links to the
/// lanes of the slowest instances. Readable without JavaScript (each row has its figures as text and a title; links
/// go to the static lanes); with it, a link filters the timeline to that instance's lane.
struct HTMLTimingsSection {
    let timings: ScreenTimings
    /// Each trace's section index (`#tN`) by file name.
    let traceIndex: [String: Int]

    init(timings: ScreenTimings, traces: [TraceTimeline]) {
        self.timings = timings
        var index: [String: Int] = [:]
        for (offset, trace) in traces.enumerated() where index[trace.file] == nil { index[trace.file] = offset + 1 }
        traceIndex = index
    }

    private static let labelWidth = 150.0, plotWidth = 440.0, figuresWidth = 390.0, row = 22.0, axisHeight = 20.0

    /// The axis: decades of milliseconds spanning every measurement, at least 1 ms to 1 s.
    private var decades: (low: Int, high: Int) {
        let values = timings.classes.flatMap { $0.distributions.flatMap { [$0.distribution.min, $0.distribution.max] } }
        func decade(_ microseconds: Int64) -> Double { log10(max(Double(microseconds), 100) / 1000) }
        let low = Int(floor(min(0, values.map(decade).min() ?? 0)))
        let high = Int(ceil(max(3, values.map(decade).max() ?? 3)))
        return (low, max(high, low + 1))
    }

    func render() -> String {
        var out = "<section id=\"timings\">\n<h2>Screen timings</h2>\n"
        guard !timings.classes.isEmpty else { return out + "<p>No controllers.</p>\n</section>\n" }
        out += "<p class=\"note\">Per class and phase: a line from the fastest to the slowest, a box from p50 to p90, a tick at p99 "
            + "(nearest rank; logarithmic axis). The slowest instances link to their lanes.</p>\n"
        let axis = decades
        for entry in timings.classes {
            out += "<div class=\"timing\"><h3>\(HTMLText.escape(ReportText.capped(entry.name)))</h3><p class=\"meta\">\(HTMLText.escape(TimingFormat.counts(entry)))</p>\n"
            let distributions = entry.distributions
            if distributions.isEmpty {
                out += "<p class=\"meta\">Nothing measured.</p></div>\n"
                continue
            }
            out += chart(distributions, axis: axis) + slowest(entry) + "</div>\n"
        }
        return out + "</section>\n"
    }

    private func chart(_ distributions: [(phase: TimingPhase, distribution: Distribution)], axis: (low: Int, high: Int)) -> String {
        let width = Self.labelWidth + Self.plotWidth + Self.figuresWidth
        let height = Double(distributions.count) * Self.row + Self.axisHeight
        func x(_ microseconds: Int64) -> Double {
            let decade = log10(max(Double(microseconds), 100) / 1000)
            return Self.labelWidth + (decade - Double(axis.low)) / Double(axis.high - axis.low) * Self.plotWidth
        }
        var out = "<svg class=\"timing-chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "role=\"img\" aria-label=\"Distribution per phase\">"
        for decade in axis.low...axis.high {
            let tx = Self.labelWidth + Double(decade - axis.low) / Double(axis.high - axis.low) * Self.plotWidth
            out += "<line class=\"grid\" x1=\"\(n(tx))\" x2=\"\(n(tx))\" y1=\"0\" y2=\"\(n(height - Self.axisHeight))\"/>"
                + "<text class=\"tick\" x=\"\(n(tx))\" y=\"\(n(height - 6))\" text-anchor=\"middle\">\(Self.decadeLabel(decade))</text>"
        }
        for (index, (phase, d)) in distributions.enumerated() {
            let y = Double(index) * Self.row, mid = y + Self.row / 2
            let figures = "n \(d.count) · p50 \(TimingFormat.duration(d.p50)) · p90 \(TimingFormat.duration(d.p90)) · "
                + "p99 \(TimingFormat.duration(d.p99)) · max \(TimingFormat.duration(d.max))"
            out += "<g class=\"phase\"><title>\(phase.title): \(HTMLText.escape(figures))</title>"
                + "<text x=\"0\" y=\"\(n(mid + 4))\">\(phase.title)</text>"
                + "<line class=\"range\" x1=\"\(n(x(d.min)))\" x2=\"\(n(x(d.max)))\" y1=\"\(n(mid))\" y2=\"\(n(mid))\"/>"
                + "<rect class=\"box\" x=\"\(n(x(d.p50)))\" y=\"\(n(y + 5))\" width=\"\(n(max(2, x(d.p90) - x(d.p50))))\" height=\"\(n(Self.row - 10))\"/>"
                + "<line class=\"p99\" x1=\"\(n(x(d.p99)))\" x2=\"\(n(x(d.p99)))\" y1=\"\(n(y + 3))\" y2=\"\(n(y + Self.row - 3))\"/>"
                + "<text class=\"figures\" x=\"\(n(Self.labelWidth + Self.plotWidth + 10))\" y=\"\(n(mid + 4))\">\(HTMLText.escape(figures))</text></g>"
        }
        return out + "</svg>\n"
    }

    private func slowest(_ entry: ClassSamples) -> String {
        var out = "<ul class=\"slowest\">"
        for (phase, _) in entry.distributions {
            guard let slow = entry.slowest[phase], !slow.isEmpty else { continue }
            out += "<li>Slowest \(phase.title): " + slow.map(link).joined(separator: ", ") + "</li>"
        }
        return out + "</ul>\n"
    }

    /// A slow instance named by its lane's label, capped as the lane's is (`ReportText`): the link finds the lane by it.
    private func link(_ slow: SlowInstance) -> String {
        let label = ReportText.capped(slow.label)
        let text = "\(HTMLText.escape(label)) \(TimingFormat.duration(slow.microseconds)) (\(HTMLText.escape(ReportText.capped(slow.file))):\(slow.line))"
        guard let trace = traceIndex[slow.file] else { return text }
        return "<a class=\"lane-link\" href=\"#t\(trace)-c\(slow.serial)\" data-t=\"\(trace)\" data-label=\"\(HTMLText.escape(label.lowercased()))\">"
            + "\(text)</a>"
    }

    /// `0.1 ms`, `1 ms`, `10 ms`, `100 ms`, `1 s`, `10 s`, `100 s`, `1000 s`.
    static func decadeLabel(_ decade: Int) -> String {
        if decade < 0 { return "0." + String(repeating: "0", count: -decade - 1) + "1 ms" }
        if decade < 3 { return "1" + String(repeating: "0", count: decade) + " ms" }
        return "1" + String(repeating: "0", count: decade - 3) + " s"
    }

    private func n(_ value: Double) -> String { Decimal1.string(value) }

    /// Styles of the section (a second style element, allowed by its own hash).
    static let css = """
    section#timings .timing{margin:10px 0 18px}svg.timing-chart{display:block;max-width:100%;height:auto}
    svg.timing-chart line.grid{stroke:var(--line)}svg.timing-chart line.range{stroke:var(--muted);stroke-width:1.5}
    svg.timing-chart rect.box{fill:var(--s-appeared)}svg.timing-chart line.p99{stroke:var(--error);stroke-width:2}
    svg.timing-chart text.figures{fill:var(--muted);font-size:11px}ul.slowest{margin:4px 0;padding-left:18px;font-size:13px}
    """

    /// Following a slowest-instance link filters the timeline to that lane (through the class filter, whose text the
    /// lane's label matches) and scrolls to its trace. A second script element, allowed by its own hash.
    static let script = """
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a.lane-link");
      var filter = document.getElementById("filter-class"), section = link && document.getElementById("t" + link.dataset.t);
      if (!link || !filter || !section || !section.querySelector("svg.view")) return;
      event.preventDefault();
      filter.value = link.dataset.label;
      filter.dispatchEvent(new Event("input"));
      section.scrollIntoView({ block: "start" });
    });
    """
}
