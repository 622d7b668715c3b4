/// Finds where findings belong on their lanes: the tick of the event on a finding's line, else of the last event
/// before it, on any lane. Made once the lanes are closed, from them: no list of every event is kept for it.
struct FindingPlacer {
    /// A lane event: where it is in the trace and on the lanes.
    struct Event {
        var line: Int
        var tick: Int64
        /// Its lane's position in the lanes given, and its own in that lane's events.
        var lane: Int
        var index: Int
    }

    /// The findings' lines, sorted, each once.
    private let lines: [Int]
    /// By position in `lines`: the last lane event at or before that line.
    private let latest: [Event?]

    /// `lanes`' events, which increase in line (and tick) along each lane, searched for the lines of `findings`.
    init(findings: [Finding], lanes: [ControllerLane]) {
        lines = Set(findings.map(\.line)).sorted()
        var latest = [Event?](repeating: nil, count: lines.count)
        guard !lines.isEmpty else {
            self.latest = latest
            return
        }
        // Each event is the candidate of the first finding line at or after it; the latest candidate up to a
        // line is then that line's event. One event per line, and ticks never decrease in line order.
        for (laneIndex, lane) in lanes.enumerated() {
            for (index, event) in lane.events.enumerated() {
                let slot = Self.firstIndex(in: lines, atLeast: event.line)
                if slot == lines.count { break }  // the lane's later events are after every finding
                if latest[slot].map({ $0.line < event.line }) ?? true {
                    latest[slot] = Event(line: event.line, tick: event.tick, lane: laneIndex, index: index)
                }
            }
        }
        var best: Event?
        for slot in latest.indices {
            if let candidate = latest[slot], best.map({ $0.line < candidate.line }) ?? true { best = candidate }
            latest[slot] = best
        }
        self.latest = latest
    }

    /// The last lane event at or before `line`, one of the findings' lines.
    func event(atOrBefore line: Int) -> Event? {
        let slot = Self.firstIndex(in: lines, atLeast: line)
        return slot < lines.count && lines[slot] == line ? latest[slot] : nil
    }

    /// `finding` on `lane`, at the tick of its line's event (else the last before it), quoting `exactText`: the
    /// text of the event on its line, when there is one.
    func place(_ finding: Finding, on lane: ControllerLane?, exactText: String?) -> PlacedFinding {
        let logLine = exactText ?? finding.evidence.last { $0.line == finding.line }?.text
        var tick = event(atOrBefore: finding.line)?.tick ?? lane?.start ?? 0
        if let lane { tick = min(max(tick, lane.start), lane.end) }
        return PlacedFinding(finding: finding, lane: finding.subject.serial, tick: tick, logLine: logLine)
    }

    /// Binary search: the first position whose line is at least `line`, or `lines.count`.
    private static func firstIndex(in lines: [Int], atLeast line: Int) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle] < line { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
