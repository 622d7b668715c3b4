/// A `Mark` in 12 bytes, for the compact forms of instances (`IdleInstance`, `Tomb`): its line (0: no mark) and, in
/// 64 bits, its callback (6 bits), whether it has a time, the time's two flags, and its microseconds (55 bits,
/// signed: about 570 years either side of 1970). A mark that does not fit (`fits`) keeps its instance whole.
struct CompactMark: Sendable {
    private var line: UInt32
    // Two halves rather than a `UInt64`, so that records of these align to 4 bytes and pack without padding.
    private var low: UInt32
    private var high: UInt32

    private static let noCallback: UInt64 = 63, hasTime: UInt64 = 1 << 6, hasOffset: UInt64 = 1 << 7,
                       yearUnknown: UInt64 = 1 << 8, timeShift: UInt64 = 9

    /// Whether `mark` fits: its line is 32-bit and its time 55-bit.
    static func fits(_ mark: Mark?) -> Bool {
        guard let mark else { return true }
        guard UInt32(exactly: mark.line) != nil else { return false }
        guard let microseconds = mark.time?.microseconds else { return true }
        return (microseconds << timeShift) >> timeShift == microseconds
    }

    /// The compact form of `mark`, which must fit (`fits`).
    init(_ mark: Mark?) {
        guard let mark else {
            (line, low, high) = (0, 0, 0)
            return
        }
        var bits = mark.callback.map { UInt64($0.ordinal) } ?? Self.noCallback
        if let time = mark.time {
            bits |= Self.hasTime | (time.hasOffset ? Self.hasOffset : 0) | (time.yearUnknown ? Self.yearUnknown : 0)
                | UInt64(bitPattern: time.microseconds) << Self.timeShift
        }
        line = UInt32(mark.line)
        low = UInt32(truncatingIfNeeded: bits)
        high = UInt32(truncatingIfNeeded: bits >> 32)
    }

    var mark: Mark? {
        guard line != 0 else { return nil }
        let bits = UInt64(high) << 32 | UInt64(low)
        let ordinal = bits & 63
        let time = bits & Self.hasTime == 0 ? nil
            : TraceTime(microseconds: Int64(bitPattern: bits) >> Int64(Self.timeShift), hasOffset: bits & Self.hasOffset != 0,
                        yearUnknown: bits & Self.yearUnknown != 0)
        return Mark(line: Int(line), time: time, callback: ordinal == Self.noCallback ? nil : Callback.byOrdinal[Int(ordinal)])
    }
}

/// An optional `Callback` in one byte.
struct CompactCallback: Sendable {
    private var ordinal: UInt8

    init(_ callback: Callback?) { ordinal = callback.map { UInt8($0.ordinal) } ?? .max }

    var callback: Callback? { ordinal == .max ? nil : Callback.byOrdinal[Int(ordinal)] }
}
