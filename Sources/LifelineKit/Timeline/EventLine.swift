/// The line of the event the engine is handling, as rules, evidence and observers read it: bytes lent for the
/// event's handling. The tracker lends either the chunk's bytes (where the parser kept only the line's place) or
/// those of the event's own text (a decoded record, a line read again, an observer that keeps events), so nothing
/// after it tells the two apart. Nothing keeps it: whoever needs the line later copies `string`.
struct EventLine {
    let bytes: Bytes

    init(_ bytes: Bytes) { self.bytes = bytes }

    /// The line as a `String`.
    var string: String { bytes.string(0..<bytes.count) }
}
