/// What a line's prefix says: where the message is and, where the format gives them, the time, process,
/// pid and thread. Ranges index into the line's bytes; nothing is copied on the fast path.
struct LinePrefix {
    /// The line shapes Lifeline reads (README.md, "Input formats").
    enum Format: UInt8, Sendable {
        case plain, nslog, compact, unifiedDefault, unifiedSyslog, deviceSyslog, ndjson, jsonArray
    }

    var format: Format
    var time: TraceTime?
    /// Device syslog gives month, day and time but no year; `YearlessClock` completes it in order.
    var yearless: YearlessTime?
    var process: Range<Int>?
    var pid: Int32?
    var tid: UInt64?
    var message: Range<Int>

    /// No time, process or pid of its own: the line may go on with the message of a line before it.
    var isBare: Bool { time == nil && yearless == nil && process == nil && pid == nil }

    /// How many bare lines may go on with one message (one of UIKit's wrapped over lines): the parser joins at
    /// most these, and the cuts between chunks and pieces look that far for a line with a prefix.
    static let linesContinuingAMessage = 3

    /// The same prefix read from a suffix of a line that starts `offset` bytes in, with ranges into the whole line.
    func shifted(by offset: Int) -> LinePrefix {
        var moved = self
        moved.process = process.map { ($0.lowerBound + offset)..<($0.upperBound + offset) }
        moved.message = (message.lowerBound + offset)..<(message.upperBound + offset)
        return moved
    }

    static func plain(_ count: Int) -> LinePrefix {
        LinePrefix(format: .plain, time: nil, yearless: nil, process: nil, pid: nil, tid: nil, message: 0..<count)
    }

    /// A time and nothing else before the message, which starts after the blanks from `end`.
    static func timed(_ time: TraceTime, messageAfter end: Int, in line: Bytes) -> LinePrefix {
        LinePrefix(format: .plain, time: time, yearless: nil, process: nil, pid: nil, tid: nil,
                   message: min(line.count, line.skippingBlanks(from: end))..<line.count)
    }
}

/// A device-syslog time: month, day and second of the day, in eight bytes (events carry it).
struct YearlessTime: Sendable, Equatable {
    private var storedMonth: UInt8
    private var storedDay: UInt8
    private var storedSecond: Int32

    init(month: Int, day: Int, secondOfDay: Int) {
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
        storedSecond = Int32(secondOfDay)
    }

    var month: Int { Int(storedMonth) }
    var day: Int { Int(storedDay) }
    var secondOfDay: Int { Int(storedSecond) }
}

/// How one line was read. The rare readings are boxed, so the common one (`prefixed`) is told apart by a tag
/// alone rather than by the spare bits of their strings.
enum LineReading {
    case prefixed(LinePrefix)
    /// A JSON-encoded record (ndjson line, or an object of `log --style json`): fields are owned strings.
    indirect case record(DecodedRecord)
    /// Structure of a multi-line JSON array, accounted as an "other" line.
    case structure
    indirect case unparseable(String)
}

/// A log record whose fields came out of JSON.
struct DecodedRecord {
    var time: TraceTime?
    var process: String?
    var pid: Int32?
    var tid: UInt64?
    var message: String
}
