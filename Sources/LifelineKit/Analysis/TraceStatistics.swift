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
    /// App events (`events` of the configuration), whose lines are among the other lines; and of those, the ones
    /// with no controller to attach to (none captured, no callback running on their thread).
    public var appEvents = 0
    public var unattachedAppEvents = 0
    public var controllers = 0
    public var bytes = 0
    /// Lines to show when a trace yields no event, or has unattributed lines: the first lines that mention a
    /// callback but were not attributed (with why), else the first non-blank lines. At most `sampleLimit`.
    public var samples: [SampleLine] = []
    public static let sampleLimit = 3

    /// Whether the trace had lines but Lifeline recognised no lifecycle event in them.
    public var recognisedNothing: Bool { lines > 0 && events == 0 }

    public init() {}

    public static func + (a: TraceStatistics, b: TraceStatistics) -> TraceStatistics {
        var sum = a
        sum.lines += b.lines
        sum.events += b.events
        sum.otherLines += b.otherLines
        sum.unparseableLines += b.unparseableLines
        sum.unattributedLines += b.unattributedLines
        sum.ignoredEvents += b.ignoredEvents
        sum.appEvents += b.appEvents
        sum.unattachedAppEvents += b.unattachedAppEvents
        sum.controllers += b.controllers
        sum.bytes += b.bytes
        sum.samples = Array((a.samples + b.samples).prefix(sampleLimit))
        return sum
    }
}

/// A line shown to explain what Lifeline could not read: its number, its text, and why it is not an event
/// (nil for a line that simply mentions no callback).
public struct SampleLine: Sendable, Equatable {
    public var line: Int
    public var text: String
    public var reason: String?

    public init(line: Int, text: String, reason: String?) {
        self.line = line
        self.text = text
        self.reason = reason
    }
}
