/// Auto-detects each line's format from its first bytes and reads its prefix. Stateless: any line can be
/// read on its own, which lets large files be parsed in parallel chunks.
enum LineClassifier {
    static func read(_ line: Bytes) -> LineReading {
        var minutes = MinuteCache()
        return read(line, minutes: &minutes)
    }

    /// Whether `line` has a time, process or pid of its own (`LinePrefix.isBare`): no message of a line before it
    /// goes on into it, so input may be cut before it.
    static func startsOwnMessage(_ line: Bytes, minutes: inout MinuteCache) -> Bool {
        guard case .prefixed(let prefix) = read(line, minutes: &minutes) else { return false }
        return !prefix.isBare
    }

    /// The same, with the minute of the previous timestamp remembered (`ChunkParser` keeps one per chunk).
    /// `screened`: the caller already found the line to be ASCII without NUL (`ASCIIScreen`).
    static func read(_ line: Bytes, minutes: inout MinuteCache, screened: Bool = false) -> LineReading {
        if !screened, let problem = UTF8Check.problem(in: line) { return .unparseable(problem) }
        guard let first = line.first else { return .prefixed(.plain(0)) }
        if ASCII.isDigit(first) { return readDated(line, minutes: &minutes) }
        if first == ASCII.openBracket, let prefix = readBracketedTime(line, minutes: &minutes) { return .prefixed(prefix) }
        if first == ASCII.openBrace, line.count > 1, line[1] == ASCII.quote { return NDJSONFormat.read(line) }
        if ASCII.isLetter(first), let prefix = DeviceSyslogFormat.read(line) { return .prefixed(prefix) }
        if let prefix = readEmbedded(line, minutes: &minutes) { return .prefixed(prefix) }
        return .prefixed(.plain(line.count))
    }

    /// How far into a line a dated prefix is looked for behind blanks or a tool's own tag.
    static let embeddedPrefixSearch = 80

    /// A dated prefix behind leading blanks (an indented paste) or a tool's tag (xharness's
    /// `dbug: [02:37:45.4429530] 2026-07-23 02:37:45.442630-0700 App[7357:51117] …`): a date `dddd-dd-dd` after a
    /// blank, followed by a process prefix (or, after blanks only, by anything). Ranges are shifted to the line.
    private static func readEmbedded(_ line: Bytes, minutes: inout MinuteCache) -> LinePrefix? {
        let limit = min(line.count - 11, embeddedPrefixSearch)
        var p = 1
        while p < limit {
            defer { p += 1 }
            guard ASCII.isDigit(line[p]), ASCII.isBlank(line[p - 1]), line[p + 4] == ASCII.minus, line[p + 7] == ASCII.minus else { continue }
            let rest = UnsafeBufferPointer(rebasing: line[p...])
            guard case .prefixed(let prefix) = readDated(rest, minutes: &minutes), prefix.time != nil else { continue }
            let onlyBlanksBefore = (0..<p).allSatisfy { ASCII.isBlank(line[$0]) }
            guard prefix.process != nil || onlyBlanksBefore else { continue }
            return prefix.shifted(by: p)
        }
        return nil
    }

    /// A time in brackets before the message, as many loggers print it: `[10:49:46.694] …`,
    /// `[2024-03-01T10:49:46.694Z] …`.
    private static func readBracketedTime(_ line: Bytes, minutes: inout MinuteCache) -> LinePrefix? {
        guard line.count > 10, ASCII.isDigit(line[1]) else { return nil }
        let time: TraceTime, end: Int
        if case .valid(let dated, let after) = TimestampParser.parseDateTime(line, at: 1, cache: &minutes) {
            (time, end) = (dated, after)
        } else if let (clock, after) = TimestampParser.parseTimeOfDay(line, at: 1) {
            (time, end) = (clock, after)
        } else {
            return nil
        }
        guard end < line.count, line[end] == ASCII.closeBracket else { return nil }
        return .timed(time, messageAfter: end + 1, in: line)
    }

    @inline(__always) private static func readDated(_ line: Bytes, minutes: inout MinuteCache) -> LineReading {
        switch TimestampParser.parseDateTime(line, cache: &minutes) {
        case .absent:
            // A time of day alone (`10:49:46.694 HomeVC viewDidLoad`), followed by a blank.
            if let (time, end) = TimestampParser.parseTimeOfDay(line, at: 0), end < line.count, ASCII.isBlank(line[end]) {
                return .prefixed(.timed(time, messageAfter: end, in: line))
            }
            return .prefixed(.plain(line.count))
        case .invalid(let reason):
            return .unparseable(reason.description)
        case .valid(let time, let end):
            if let prefix = readProcessPrefix(line, time: time, after: end) { return .prefixed(prefix) }
            return .prefixed(.timed(time, messageAfter: end, in: line))  // an ISO 8601 or bare timestamp, then the message
        }
    }
}

extension LineClassifier {
    /// The dated formats that name a process, tried in a fixed order (a line may fit more than one shape).
    /// Each reader is called only when the bytes after the time pass its own first test, which most lines fail.
    @inline(__always)
    fileprivate static func readProcessPrefix(_ line: Bytes, time: TraceTime, after end: Int) -> LinePrefix? {
        guard end + 1 < line.count, line[end] == ASCII.space else { return nil }
        let next = line[end + 1]
        if next == ASCII.zero, let prefix = UnifiedLogFormat.readDefault(line, time: time, after: end) { return prefix }  // ` 0x…`
        if next == ASCII.space, let prefix = UnifiedLogFormat.readSyslog(line, time: time, after: end) { return prefix }  // two spaces
        if !time.hasOffset, let prefix = NSLogFormat.readCompact(line, time: time, after: end) { return prefix }
        return NSLogFormat.readNSLog(line, time: time, after: end)
    }
}

/// Shared pieces of the `process[pid…]` prefixes.
enum PrefixScan {
    /// Finds `[digits:id]` followed by a space (NSLog: decimal tid, compact: hex tid) at or after `from`.
    @inline(__always) static func bracketedPidTid(_ b: Bytes, from: Int, hexThread: Bool) -> (open: Int, pid: Int32, tid: UInt64, end: Int)? {
        var search = from
        while let open = openBracket(b, from: search) {
            search = open + 1
            guard open > from, let (pid, afterPid) = b.decimal(at: open + 1, maxDigits: 10),
                  afterPid < b.count, b[afterPid] == ASCII.colon else { continue }
            var thread: (UInt64, Int)?
            if hexThread { thread = b.hexadecimal(at: afterPid + 1) }
            else { thread = b.decimal(at: afterPid + 1).map { (UInt64($0.value), $0.end) } }
            if !hexThread, thread.map({ $0.1 >= b.count || b[$0.1] != ASCII.closeBracket }) ?? true {
                thread = b.hexadecimal(at: afterPid + 1)  // NSLog before iOS 7 printed the thread in hex: `[31694:c07]`
            }
            guard let (tid, afterTid) = thread, afterTid < b.count, b[afterTid] == ASCII.closeBracket else { continue }
            let end = afterTid + 1
            guard end == b.count || b[end] == ASCII.space else { continue }
            return (open, Int32(truncatingIfNeeded: pid), tid, min(b.count, end + 1))
        }
        return nil
    }

    /// The first `[` at or after `from`. A process name is short: its bytes are looked at in place, before `memchr`.
    @inline(__always) private static func openBracket(_ b: Bytes, from: Int) -> Int? {
        var i = from
        while i < min(from + 24, b.count) {
            if b[i] == ASCII.openBracket { return i }
            i += 1
        }
        return b.firstIndex(of: ASCII.openBracket, in: i..<b.count)
    }

    /// Skips the `(SenderImage) ` and `[subsystem:category] ` that unified-logging styles put before a message.
    static func skipUnifiedMetadata(_ b: Bytes, from: Int) -> Int {
        var i = from
        if i < b.count, b[i] == ASCII.openParen, let close = b.firstIndex(of: ASCII.closeParen, in: i..<b.count),
           close + 1 < b.count, b[close + 1] == ASCII.space, b.firstIndex(of: ASCII.space, in: i..<close) == nil {
            i = close + 2
        }
        if i < b.count, b[i] == ASCII.openBracket, let close = b.firstIndex(of: ASCII.closeBracket, in: i..<b.count),
           b.firstIndex(of: ASCII.colon, in: i..<close) != nil, b.firstIndex(of: ASCII.space, in: i..<close) == nil {
            i = min(b.count, close + 2)
        }
        return i
    }
}
