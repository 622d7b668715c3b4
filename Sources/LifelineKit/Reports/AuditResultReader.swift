/// Reads back what `JSONReporter` wrote (`lifeline check --format json`), for `lifeline merge`: the files with
/// their counts and the findings with all that every format, baselines and fingerprints use.
public enum AuditResultReader {
    /// A result that is not the JSON of `check`, with the member at fault.
    public struct ReadError: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var description: String { message }
    }

    /// The files and findings of one `check --format json` output, in its order.
    public static func read(_ text: String) throws(ReadError) -> (files: [FileSummary], findings: [Finding]) {
        let document: JSONValue
        do { document = try JSONParser.parse(text) } catch { throw ReadError(message: "not JSON: \(error)") }
        return try read(document: document)
    }

    /// The same, of a parsed document.
    public static func read(document: JSONValue) throws(ReadError) -> (files: [FileSummary], findings: [Finding]) {
        guard document["version"]?.intValue == 1, let files = document["files"]?.arrayValue,
              let findings = document["findings"]?.arrayValue else {
            throw ReadError(message: "not the output of 'lifeline check --format json' (version 1, files, findings)")
        }
        var summaries: [FileSummary] = []
        for (index, value) in files.enumerated() { summaries.append(try file(value, "/files/\(index)")) }
        var read: [Finding] = []
        for (index, value) in findings.enumerated() { read.append(try finding(value, "/findings/\(index)")) }
        return (summaries, read)
    }

    private static func file(_ value: JSONValue, _ pointer: String) throws(ReadError) -> FileSummary {
        var statistics = TraceStatistics()
        statistics.lines = try int(value, "lines", pointer)
        statistics.events = try int(value, "events", pointer)
        statistics.unattributedLines = try int(value, "unattributed", pointer)
        statistics.unparseableLines = try int(value, "unparseable", pointer)
        statistics.controllers = try int(value, "controllers", pointer)
        return FileSummary(path: try string(value, "path", pointer), statistics: statistics, failure: value["error"]?.stringValue)
    }

    private static func finding(_ value: JSONValue, _ pointer: String) throws(ReadError) -> Finding {
        guard let controller = value["controller"], controller.objectValue != nil else { throw missing("controller", pointer) }
        let address = try controller["address"]?.stringValue.map { text throws(ReadError) -> UInt64 in
            guard text.hasPrefix("0x"), let number = UInt64(text.dropFirst(2), radix: 16) else {
                throw ReadError(message: "\(pointer)/controller/address: expected 0x and hex digits")
            }
            return number
        }
        let pid = controller["pid"]?.intValue.flatMap { Int32(exactly: $0) }
        let subject = FindingSubject(ref: ControllerRef(name: try string(controller, "class", pointer + "/controller"), address: address),
                                     process: ProcessKey(name: controller["process"]?.stringValue, pid: pid),
                                     id: try string(controller, "id", pointer + "/controller"), serial: 0)
        guard let severity = Severity(rawValue: try string(value, "severity", pointer)) else {
            throw ReadError(message: "\(pointer)/severity: expected error, warning or info")
        }
        var evidence: [EvidenceLine] = []
        for (index, line) in (value["evidence"]?.arrayValue ?? []).enumerated() {
            evidence.append(EvidenceLine(line: try int(line, "line", "\(pointer)/evidence/\(index)"),
                                         text: try string(line, "text", "\(pointer)/evidence/\(index)")))
        }
        let time = try value["timestamp"]?.stringValue.map { text throws(ReadError) -> TraceTime in
            guard let time = TraceTime(iso8601: text) else {
                throw ReadError(message: "\(pointer)/timestamp: not a timestamp Lifeline writes")
            }
            return time
        }
        return Finding(rule: try string(value, "rule", pointer), severity: severity, message: try string(value, "message", pointer),
                       file: try string(value, "file", pointer), line: try int(value, "line", pointer), time: time, subject: subject,
                       evidence: evidence, event: EventName(named: try string(value, "event", pointer)))
    }

    private static func string(_ value: JSONValue, _ key: String, _ pointer: String) throws(ReadError) -> String {
        guard let text = value[key]?.stringValue else { throw missing(key, pointer, "a string") }
        return text
    }

    private static func int(_ value: JSONValue, _ key: String, _ pointer: String) throws(ReadError) -> Int {
        guard let number = value[key]?.intValue, let int = Int(exactly: number) else { throw missing(key, pointer, "a whole number") }
        return int
    }

    /// Older results have no `event`: they say so, and how to get a result that has.
    private static func missing(_ key: String, _ pointer: String, _ what: String = "an object") -> ReadError {
        let older = key == "event" ? " (a result of an older Lifeline: check the shard again)" : ""
        return ReadError(message: "\(pointer)/\(key): expected \(what)\(older)")
    }
}

extension EventName {
    /// The event `name` names (`EventName.name` read back).
    init(named name: String) {
        switch name {
        case "addObserver": self = .addObserver
        case "removeObserver": self = .removeObserver
        case "uikitWarning": self = .uikitWarning
        default: self = EventName(callbackOrApp: name)
        }
    }
}

extension TraceTime {
    /// What `iso8601` wrote: `2016-04-27T10:52:00.301000`, with `Z` for a time with an offset, or without a year
    /// (`--04-27T…`).
    init?(iso8601 text: String) {
        var characters = Array(text.utf8)
        let hasOffset = characters.last == UInt8(ascii: "Z")
        if hasOffset { characters.removeLast() }
        let yearUnknown = characters.starts(with: Array("--".utf8))
        if yearUnknown { characters.replaceSubrange(0..<1, with: Array("2000".utf8)) }
        guard characters.count == 26 else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: characters[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), let micros = number(20..<26),
              (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        let seconds = Int64(CivilDate.days(year: year, month: month, day: day)) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        self.init(microseconds: seconds * 1_000_000 + Int64(micros), hasOffset: hasOffset, yearUnknown: yearUnknown)
    }
}
