/// The process names one parser meets, as `ProcessKey`s: each distinct name is numbered once (by the registry of
/// `ControllerName`), from a prefixed line's bytes or a decoded record's string.
struct ProcessNames {
    /// Process names repeat on almost every line: a name's bytes are looked up here, not turned into a string.
    private var lines = StringInterner(capacity: 64)
    /// The last decoded record's name and its number: records of one process follow each other.
    private var lastRecord: (name: String, interned: ControllerName)?

    /// The process of a line whose prefix names it at `line[name]`. Inlined: it runs for every event line.
    @inline(__always) mutating func key(_ line: Bytes, _ name: Range<Int>?, pid: Int32?) -> ProcessKey {
        ProcessKey(interned: name.map { ControllerName(number: lines.number(line, $0) { ControllerName($0).number }) }, pid: pid)
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
