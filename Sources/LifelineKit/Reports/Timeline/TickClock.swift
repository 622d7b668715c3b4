/// Places a trace's events on one axis, event by event. With any timestamp in the trace, ticks are microseconds
/// after the first timestamp; events without one take the tick of the event before them (0 before the first
/// timestamp), and a clock that steps back is held (order is by line). Without timestamps, ticks are line
/// numbers: a trace known to have none (`base == .lines` at its end) takes its events' lines as their ticks.
struct TickClock {
    /// The first timestamp so far.
    private var origin: TraceTime?
    private var last: Int64 = 0

    /// What ticks measure, given the events so far.
    var base: TimeBase { origin.map { .clock(origin: $0) } ?? .lines }

    /// The next event's tick, never less than the one before; 0 while no event had a timestamp.
    mutating func tick(_ time: TraceTime?) -> Int64 {
        guard let time else { return last }
        guard let origin else {
            origin = time
            return last
        }
        last = max(last, time.microseconds - origin.microseconds)
        return last
    }
}
