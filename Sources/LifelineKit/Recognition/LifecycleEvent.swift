/// A process as the trace names it. State is keyed by (process, pid): a relaunch starts afresh.
public struct ProcessKey: Hashable, Sendable, CustomStringConvertible {
    public var name: String?
    public var pid: Int32?

    public init(name: String?, pid: Int32?) {
        self.name = name
        self.pid = pid
    }

    /// `Shop[4089]`, or `unknown process` for lines without a prefix.
    public var description: String {
        switch (name, pid) {
        case let (name?, pid?): return "\(name)[\(pid)]"
        case let (name?, nil): return name
        default: return "unknown process"
        }
    }
}

/// One recognised log line, placed in its trace.
public struct LifecycleEvent: Sendable {
    /// 1-based line number in its input.
    public var line: Int
    public var time: TraceTime?
    public var process: ProcessKey
    public var thread: UInt64?
    public var kind: EventKind
    /// The controller the line names; nil for observer lines that belong to the callback logged before them.
    public var controller: ControllerRef?
    public var argument: ControllerArgument?
    /// Device-syslog time still waiting for its year (see `YearlessClock`).
    var yearless: YearlessTime?
    /// Where the line is in its chunk: parsers record this rather than build `text`, and the in-order stage
    /// lends the engine those bytes alongside the event (`RuleEngine.feed`).
    var textBytes: Range<Int>?

    /// The whole input line, for evidence and reports (empty while the line is lent instead, see `textBytes`).
    public var text: String
}

// In an extension, so the memberwise initialiser stays: an event built by it is moved into an array, while one built
// by an initialiser written in the type's body is copied there and the original destroyed (measured: a copy and a
// destroy of every event the parser appends).
extension LifecycleEvent {
    init(line: Int, time: TraceTime?, process: ProcessKey, thread: UInt64?, kind: EventKind, controller: ControllerRef?,
         argument: ControllerArgument?, text: String?, yearless: YearlessTime? = nil, textBytes: Range<Int>? = nil) {
        self.init(line: line, time: time, process: process, thread: thread, kind: kind, controller: controller,
                  argument: argument, yearless: yearless, textBytes: textBytes, text: text ?? "")
    }
}
