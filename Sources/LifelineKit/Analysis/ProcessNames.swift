/// The process names one parser meets, as `ProcessKey`s: each distinct name is numbered once (by the registry of
/// `ControllerName`), from a prefixed line's bytes or a decoded record's string.
struct ProcessNames {
    /// Process names repeat on almost every line: a name's bytes are looked up here, not turned into a string.
    private var lines = StringInterner(capacity: 64)
    /// The last name looked up, when it has 16 bytes or fewer: its length, bytes and number. Lines of one process
    /// follow each other, and comparing two words costs less than hashing the name.
    private var lastCount = -1
    private var lastWords: (UInt64, UInt64) = (0, 0)
    private var lastNumber: UInt32 = 0
    /// The last decoded record's name and its number: records of one process follow each other.
    private var lastRecord: (name: String, interned: ControllerName)?

    /// The process of a line whose prefix names it at `line[name]`. Inlined: it runs for every event line.
    @inline(__always) mutating func key(_ line: Bytes, _ name: Range<Int>?, pid: Int32?) -> ProcessKey {
        ProcessKey(interned: name.map { ControllerName(number: number(line, $0)) }, pid: pid)
    }

    @inline(__always) private mutating func number(_ line: Bytes, _ name: Range<Int>) -> UInt32 {
        guard name.count <= 16, let start = line.baseAddress.map({ $0 + name.lowerBound }) else { return lines.number(line, name) { ControllerName($0).number } }
        let words = (start.littleEndianWord(count: min(name.count, 8)), name.count > 8 ? (start + 8).littleEndianWord(count: name.count - 8) : 0)
        if name.count == lastCount, words == lastWords { return lastNumber }
        lastNumber = lines.number(line, name) { ControllerName($0).number }
        (lastCount, lastWords) = (name.count, words)
        return lastNumber
    }

    /// The process of a decoded record, its name numbered (under the registry's lock) only when it is not the last
    /// record's.
    mutating func key(of record: DecodedRecord) -> ProcessKey {
        guard let name = record.process else { return ProcessKey(interned: nil, pid: record.pid) }
        if let last = lastRecord, last.name == name { return ProcessKey(interned: last.interned, pid: record.pid) }
        let interned = ControllerName(name)
        lastRecord = (name, interned)
        return ProcessKey(interned: interned, pid: record.pid)
    }
}
