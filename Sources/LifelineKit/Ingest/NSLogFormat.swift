/// NSLog / Xcode console lines, `date time Process[pid:tid] message`, and `log --style compact` lines,
/// `date time Ty Process[pid:hextid] message`.
enum NSLogFormat {
    @inline(__always) static func readNSLog(_ b: Bytes, time: TraceTime, after end: Int) -> LinePrefix? {
        guard end < b.count, b[end] == ASCII.space,
              let found = PrefixScan.bracketedPidTid(b, from: end + 1, hexThread: false) else { return nil }
        return LinePrefix(format: .nslog, time: time, yearless: nil, process: (end + 1)..<found.open,
                          pid: found.pid, tid: found.tid, message: found.end..<b.count)
    }

    /// Compact style: a two-character type column (`Df`, `I `, `Db`, `E `, `F `, `A `) and a hex thread id.
    static func readCompact(_ b: Bytes, time: TraceTime, after end: Int) -> LinePrefix? {
        guard !time.hasOffset, end + 4 < b.count, b[end] == ASCII.space, b[end + 3] == ASCII.space,
              isTypeCode(b[end + 1], b[end + 2]),
              let found = PrefixScan.bracketedPidTid(b, from: end + 4, hexThread: true) else { return nil }
        return LinePrefix(format: .compact, time: time, yearless: nil, process: (end + 4)..<found.open,
                          pid: found.pid, tid: found.tid,
                          message: PrefixScan.skipUnifiedMetadata(b, from: found.end)..<b.count)
    }

    private static func isTypeCode(_ a: UInt8, _ b: UInt8) -> Bool {
        switch (a, b) {
        case (0x44, 0x66), (0x44, 0x62): return true                      // Df, Db
        case (0x49, ASCII.space), (0x45, ASCII.space), (0x46, ASCII.space), (0x41, ASCII.space): return true  // I, E, F, A
        default: return false
        }
    }
}
