/// How every line of a trace was accounted for (`--stats`): each line is exactly one of an event, another
/// line, or an unparseable line.
public struct TraceStatistics: Sendable, Equatable {
    public var lines = 0
    public var events = 0
    public var otherLines = 0
    public var unparseableLines = 0
    /// Among the other lines: callback words with no controller named (`viewDidLoad()` alone) or observer lines
    /// outside any callback.
    public var unattributedLines = 0
    /// Among the events: events of ignored classes.
    public var ignoredEvents = 0
    public var controllers = 0
    public var bytes = 0

    public init() {}

    public static func + (a: TraceStatistics, b: TraceStatistics) -> TraceStatistics {
        var sum = a
        sum.lines += b.lines
        sum.events += b.events
        sum.otherLines += b.otherLines
        sum.unparseableLines += b.unparseableLines
        sum.unattributedLines += b.unattributedLines
        sum.ignoredEvents += b.ignoredEvents
        sum.controllers += b.controllers
        sum.bytes += b.bytes
        return sum
    }
}
