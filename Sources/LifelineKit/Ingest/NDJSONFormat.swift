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
/// and an object holds at most `maxObjectBytes` in at most `maxObjectLines` lines. Any other line means the `[{` was
/// a line of something else: the object's lines are handed back (`Fed.left`) to be read again as ordinary lines, so a
/// stray `[{` can neither switch analysis off for the rest of the input nor make Lifeline hold all of it.
struct JSONArrayAssembler {
    /// The most one object may hold: a message of the longest line read (8 MB) and its fields.
    static let maxObjectBytes = 16 << 20
    /// The most lines one object may have: a backtrace of a few thousand frames.
    static let maxObjectLines = 1 << 16

    /// A line of the object being read: its bytes in the buffer, and its place in the chunk being parsed (nil once
    /// that chunk is over; its number then counts back from the next chunk's first line, 0 being the line before).
    struct HeldLine: Equatable {
        var number: Int
        var bytes: Range<Int>
        var offset: Int?
    }

    /// The lines of an object that was none, to be read again as ordinary lines, and the bytes they are in.
    struct Abandoned {
        var bytes: [UInt8]
        var lines: [HeldLine]
    }

    /// What a line fed did.
    enum Fed {
        /// It is structure, held with the object until it ends.
        case held
        /// It ended an object: the object's record and its line.
        case finished(record: LineReading, line: Int)
        /// It cannot be in an object, nor open an array: it is an ordinary line, and so are the lines held.
        case left(Abandoned)
    }

    private var buffer: [UInt8] = []
    private var held: [HeldLine] = []
    private var messageLine = 0
    private(set) var isInside = false

    /// Whether `line` opens a `--style json` array.
    static func opensArray(_ line: Bytes) -> Bool { line.count == 2 && line.matches("[{", at: 0) }

    /// Feeds one line, at `offset` in its chunk and numbered `number` in it.
    mutating func feed(_ line: Bytes, number: Int, offset: Int = 0) -> Fed {
        if !isInside {
            guard JSONArrayAssembler.opensArray(line) else { return .left(Abandoned(bytes: [], lines: [])) }
            isInside = true
            buffer = [ASCII.openBrace]
            messageLine = number
            return .held
        }
        let isSeparator = line.count == 3 && line.matches("},{", at: 0)
        let isEnd = line.count == 2 && line.matches("}]", at: 0)
        guard isSeparator || isEnd else {
            guard Self.isObjectLine(line), buffer.count + line.count < Self.maxObjectBytes, held.count < Self.maxObjectLines else {
                isInside = false
                defer { buffer = []; held = [] }
                return .left(Abandoned(bytes: buffer, lines: held))
            }
            if line.matches("  \"eventMessage\"", at: 0) { messageLine = number }
            held.append(HeldLine(number: number, bytes: buffer.count..<(buffer.count + line.count), offset: offset))
            buffer.append(contentsOf: line)
            buffer.append(ASCII.newline)
            return .held
        }
        buffer.append(0x7D)  // }
        let record = buffer.withUnsafeBytes { bytes -> LineReading in
            guard let value = try? JSONParser.parse(bytes: bytes) else { return .unparseable("invalid JSON object") }
            return NDJSONFormat.record(from: value)
        }
        let finished = Fed.finished(record: record, line: messageLine)
        buffer = [ASCII.openBrace]
        held = []
        messageLine = number
        if isEnd { isInside = false; buffer = [] }
        return finished
    }

    /// The input ended inside an object: it was none, and its lines are handed back to be read as ordinary lines.
    mutating func inputEnded() -> Abandoned? {
        guard isInside else { return nil }
        isInside = false
        defer { buffer = []; held = [] }
        return Abandoned(bytes: buffer, lines: held)
    }

    /// The chunk being parsed ended after `lines` lines: the lines held are numbered from the next one's start, and
    /// are no longer in a chunk.
    mutating func chunkEnded(after lines: Int) {
        messageLine -= lines
        for index in held.indices {
            held[index].number -= lines
            held[index].offset = nil
        }
    }

    /// Whether `line` can be inside an object of `log --style json`: a member (`  "key" : …`), its end (`  }`,
    /// `  ]`), or a nested value indented deeper.
    static func isObjectLine(_ line: Bytes) -> Bool {
        line.count >= 3 && line[0] == ASCII.space && line[1] == ASCII.space
            && (line[2] == ASCII.space || line[2] == UInt8(ascii: "\"") || line[2] == 0x7D || line[2] == 0x5D)
    }
}
