/// A process as the trace names it. State is keyed by (process, pid): a relaunch starts afresh.
///
/// The name is held as a number from the registry that numbers controller names (`ControllerName`), so a key is two
/// plain numbers: the engine copies one into every key and event, and a `String?` there was copied through Swift's
/// generic `Optional` witness each time.
public struct ProcessKey: Hashable, Sendable, CustomStringConvertible {
    /// The name as logged (`Shop`), or nil for lines without a process.
    public var name: String? {
        get { interned?.string }
        set { interned = newValue.map(ControllerName.init) }
    }
    public var pid: Int32?
    /// The name as a number: what keys compare and copy.
    var interned: ControllerName?

    public init(name: String?, pid: Int32?) {
        self.interned = name.map(ControllerName.init)
        self.pid = pid
    }

    init(interned: ControllerName?, pid: Int32?) {
        self.interned = interned
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
///
/// The parsers make events on one thread and the engine reads them on another, so their size is traffic between
/// cores: the fields every event has come first, in as few bytes as they fit, and the rare ones (a containment
/// argument, a device-syslog day, a decoded record's text) last.
public struct LifecycleEvent: Sendable {
    /// 1-based line number in its input.
    public var line: Int
    public var time: TraceTime?
    /// Where the line is in its chunk (`textBytes`).
    private var lineSpan: Range<Int32>?
    public var thread: UInt64?
    public var process: ProcessKey
    public var kind: EventKind
    /// The controller the line names; nil for observer lines that belong to the callback logged before them.
    public var controller: ControllerRef?
    public var argument: ControllerArgument?
    /// Device-syslog time still waiting for its year (see `YearlessClock`).
    var yearless: YearlessTime?
    /// Whether a label of this line needs, or gives, the file's word that it names a controller (`LabelVouching`).
    var vouching: LabelVouchingRole = .none
    /// The print site of a line whose label has a role (`PrintSite.fingerprint`), or 0.
    var printSite: UInt32 = 0

    /// The whole input line when the event owns it (a decoded record, a line read again, an observer that keeps
    /// events); empty where the parser kept only its place (`textBytes`). Rules and observers read the line as the
    /// engine hands it to them (`EventLine`, `RuleContext.text(of:)`), never here.
    var text: String

    /// Where the line is in its chunk: parsers record this rather than build `text`, and the in-order stage
    /// lends the engine those bytes alongside the event (`RuleEngine.feed`).
    var textBytes: Range<Int>? {
        get { lineSpan.map { Int($0.lowerBound)..<Int($0.upperBound) } }
        set { lineSpan = Self.span(newValue) }
    }

    /// `bytes` in 32-bit offsets: a chunk and its longest kept line stay far below 2 GiB.
    fileprivate static func span(_ bytes: Range<Int>?) -> Range<Int32>? { bytes.map { Int32($0.lowerBound)..<Int32($0.upperBound) } }
}

// In an extension, so the memberwise initialiser stays: an event built by it is moved into an array, while one built
// by an initialiser written in the type's body is copied there and the original destroyed (measured: a copy and a
// destroy of every event the parser appends).
extension LifecycleEvent {
    init(line: Int, time: TraceTime?, process: ProcessKey, thread: UInt64?, kind: EventKind, controller: ControllerRef?,
         argument: ControllerArgument?, text: String?, yearless: YearlessTime? = nil, textBytes: Range<Int>? = nil,
         vouching: LabelVouchingRole = .none, printSite: UInt32 = 0) {
        self.init(line: line, time: time, lineSpan: Self.span(textBytes), thread: thread,
                  process: process, kind: kind, controller: controller, argument: argument, yearless: yearless, vouching: vouching,
                  printSite: printSite,
                  text: text ?? "")
    }
}
