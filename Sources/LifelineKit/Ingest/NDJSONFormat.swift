/// `log show|stream --style ndjson` (one object per line) and the objects of `--style json`.
enum NDJSONFormat {
    static func read(_ line: Bytes) -> LineReading {
        guard let value = try? JSONParser.parse(bytes: UnsafeRawBufferPointer(line)) else {
            return .unparseable("invalid JSON")
        }
        return record(from: value)
    }

    /// Maps the keys of Apple's JSON styles onto a record.
    static func record(from value: JSONValue) -> LineReading {
        guard let object = value.objectValue else { return .unparseable("JSON line is not an object") }
        guard let message = object["eventMessage"]?.stringValue else { return .structure }
        var time: TraceTime?
        if let stamp = object["timestamp"]?.stringValue {
            var text = stamp
            time = text.withUTF8 { bytes in
                if case .valid(let parsed, _) = TimestampParser.parseDateTime(bytes) { return parsed }
                return nil
            }
        }
        let process = object["processImagePath"]?.stringValue.map { path in
            path.split(separator: "/").last.map(String.init) ?? path
        }
        return .record(DecodedRecord(time: time, process: process,
                                     pid: object["processID"]?.intValue.map { Int32(truncatingIfNeeded: $0) },
                                     tid: object["threadID"]?.intValue.map { UInt64(truncatingIfNeeded: $0) },
                                     message: message))
    }
}

/// Reassembles the pretty-printed array of `log show --style json` (`[{`, `"key" : value,` lines, `},{`, `}]`).
/// Each object becomes one record, reported on its `eventMessage` line; the other lines are structure.
///
/// Only that shape is taken: inside an object every line is indented (`  "key" : value`, deeper for nested values),
/// and an object holds at most `maxObjectBytes`. Any other line means the `[{` was a line of something else: the
/// lines held stay structure, that line and those after it are read as ordinary lines, so a stray `[{` can neither
/// switch analysis off for the rest of the input nor make Lifeline hold all of it.
struct JSONArrayAssembler {
    /// The most one object may hold: a message of the longest line read (8 MB) and its fields.
    static let maxObjectBytes = 16 << 20

    private var buffer: [UInt8] = []
    private var messageLine = 0
    private(set) var isInside = false

    /// Whether `line` opens a `--style json` array.
    static func opensArray(_ line: Bytes) -> Bool { line.count == 2 && line.matches("[{", at: 0) }

    /// Feeds one line; returns the reading for it and, at an object's end, the finished record with its line.
    mutating func feed(_ line: Bytes, number: Int) -> (reading: LineReading, finished: (record: LineReading, line: Int)?) {
        if !isInside {
            guard JSONArrayAssembler.opensArray(line) else { return (LineClassifier.read(line), nil) }
            isInside = true
            buffer = [ASCII.openBrace]
            messageLine = number
            return (.structure, nil)
        }
        let isSeparator = line.count == 3 && line.matches("},{", at: 0)
        let isEnd = line.count == 2 && line.matches("}]", at: 0)
        guard isSeparator || isEnd else {
            guard Self.isObjectLine(line), buffer.count + line.count < Self.maxObjectBytes else {
                isInside = false
                buffer = []
                return (LineClassifier.read(line), nil)
            }
            if line.matches("  \"eventMessage\"", at: 0) { messageLine = number }
            buffer.append(contentsOf: line)
            buffer.append(ASCII.newline)
            return (.structure, nil)
        }
        buffer.append(0x7D)  // }
        let record = buffer.withUnsafeBytes { bytes -> LineReading in
            guard let value = try? JSONParser.parse(bytes: bytes) else { return .unparseable("invalid JSON object") }
            return NDJSONFormat.record(from: value)
        }
        let finished = (record, messageLine)
        buffer = [ASCII.openBrace]
        messageLine = number
        if isEnd { isInside = false; buffer = [] }
        return (.structure, finished)
    }

    /// Whether `line` can be inside an object of `log --style json`: a member (`  "key" : …`), its end (`  }`,
    /// `  ]`), or a nested value indented deeper.
    static func isObjectLine(_ line: Bytes) -> Bool {
        line.count >= 3 && line[0] == ASCII.space && line[1] == ASCII.space
            && (line[2] == ASCII.space || line[2] == UInt8(ascii: "\"") || line[2] == 0x7D || line[2] == 0x5D)
    }
}
