/// One lane as a compact Mermaid `gantt` chart: its states as tasks, its findings as critical tasks.
/// Log-derived text is reduced to characters Mermaid has no syntax for (see `MermaidGantt.text`).
struct MermaidGantt {
    /// State changes drawn per chart; the rest are left out (and said so).
    static let maxSegments = 24
    static let maxFindings = 10

    let lane: ControllerLane
    let findings: [PlacedFinding]
    let timeBase: TimeBase

    /// The fenced block, starting with ```` ```mermaid ````.
    func render() -> String {
        var out = "```mermaid\ngantt\n    title \(Self.text(lane.label))\n    dateFormat x\n    axisFormat %Q\n    todayMarker off\n"
        out += "    section States\n"
        for segment in lane.segments.prefix(Self.maxSegments) {
            let (start, end) = span(segment.start, segment.end)
            out += "    \(segment.state.rawValue) :\(start), \(end)\n"
        }
        if !findings.isEmpty {
            out += "    section Findings\n"
            for placed in findings.prefix(Self.maxFindings) {
                let (start, end) = span(placed.tick, placed.tick)
                out += "    \(Self.text(placed.finding.rule)) line \(placed.finding.line) :crit, \(start), \(end)\n"
            }
        }
        return out + "```\n"
    }

    /// Whether the chart leaves states or findings out.
    var isCut: Bool { lane.segments.count > Self.maxSegments || findings.count > Self.maxFindings }

    /// Chart units (milliseconds since the first timestamp, or line numbers), at least one unit long.
    private func span(_ from: Int64, _ to: Int64) -> (Int64, Int64) {
        let divisor: Int64 = timeBase == .lines ? 1 : 1_000
        let start = from / divisor
        return (start, max(start + 1, to / divisor))
    }

    /// Letters, digits, spaces and `._-()/@+*` only: no `:`, `;`, `#`, `%`, quotes, brackets or backticks, so text
    /// cannot end a title or task, start a directive or comment, or close the code fence. At most 80 characters.
    static func text(_ raw: String) -> String {
        var out = ""
        var lastWasSpace = true
        for character in raw {
            let kept = character.isLetter || character.isNumber || "._-()/@+*".contains(character)
            if kept {
                out.append(character)
                lastWasSpace = false
            } else if !lastWasSpace {
                out.append(" ")
                lastWasSpace = true
            }
            if out.count >= 80 { break }
        }
        while out.last == " " { out.removeLast() }
        return out.isEmpty ? "controller" : out
    }
}
