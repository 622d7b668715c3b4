/// `log show` / `log stream` text styles.
enum UnifiedLogFormat {
    /// Default style: `timestamp 0xTID  Type  0xACTIVITY  PID  [TTL]  Process: [(sender)] [[sub:cat]] message`.
    /// The TTL column is missing in macOS 10.12/10.13 output.
    static func readDefault(_ b: Bytes, time: TraceTime, after end: Int) -> LinePrefix? {
        guard end + 3 < b.count, b[end] == ASCII.space, b.matches("0x", at: end + 1),
              let (tid, afterTid) = b.hexadecimal(at: end + 3) else { return nil }
        var i = b.skippingBlanks(from: afterTid)
        let typeStart = i
        while i < b.count, ASCII.isLetter(b[i]) { i += 1 }
        guard i > typeStart else { return nil }
        i = b.skippingBlanks(from: i)
        guard b.matches("0x", at: i), let (_, afterActivity) = b.hexadecimal(at: i + 2) else { return nil }
        i = b.skippingBlanks(from: afterActivity)
        guard let (pid, afterPid) = b.decimal(at: i, maxDigits: 10) else { return nil }
        i = b.skippingBlanks(from: afterPid)
        if let (_, afterTTL) = b.decimal(at: i, maxDigits: 5), afterTTL < b.count, ASCII.isBlank(b[afterTTL]) {
            i = b.skippingBlanks(from: afterTTL)
        }
        let processStart = i
        guard let colon = processColon(b, from: processStart) else { return nil }
        return LinePrefix(format: .unifiedDefault, time: time, yearless: nil, process: processStart..<colon,
                          pid: Int32(truncatingIfNeeded: pid), tid: tid,
                          message: PrefixScan.skipUnifiedMetadata(b, from: min(b.count, colon + 2))..<b.count)
    }

    /// Syslog style: `timestamp  host Process[pid]: [(sender)] [[sub:cat]] message` (two spaces before host).
    static func readSyslog(_ b: Bytes, time: TraceTime, after end: Int) -> LinePrefix? {
        guard end + 2 < b.count, b[end] == ASCII.space, b[end + 1] == ASCII.space, b[end + 2] != ASCII.space,
              let hostEnd = b.firstIndex(of: ASCII.space, in: (end + 2)..<b.count) else { return nil }
        let processStart = hostEnd + 1
        var search = processStart
        while let open = b.firstIndex(of: ASCII.openBracket, in: search..<b.count) {
            search = open + 1
            guard open > processStart, let (pid, afterPid) = b.decimal(at: open + 1, maxDigits: 10),
                  b.matches("]:", at: afterPid) else { continue }
            let messageStart = min(b.count, afterPid + 3)
            return LinePrefix(format: .unifiedSyslog, time: time, yearless: nil, process: processStart..<open,
                              pid: Int32(truncatingIfNeeded: pid), tid: nil,
                              message: PrefixScan.skipUnifiedMetadata(b, from: messageStart)..<b.count)
        }
        return nil
    }

    /// The process name ends at the first `": "` (names may contain spaces), or a final `:`.
    private static func processColon(_ b: Bytes, from: Int) -> Int? {
        var search = from
        while let colon = b.firstIndex(of: ASCII.colon, in: search..<b.count) {
            if colon > from, colon + 1 == b.count || b[colon + 1] == ASCII.space { return colon }
            search = colon + 1
        }
        return nil
    }
}
