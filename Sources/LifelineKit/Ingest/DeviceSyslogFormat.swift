/// libimobiledevice `idevicesyslog`: `Mmm dd HH:MM:SS [device ]Process[(image)][pid] <Level>: message`.
enum DeviceSyslogFormat {
    static func read(_ b: Bytes) -> LinePrefix? {
        guard let time = TimestampParser.parseSyslogTime(b), time.end < b.count, b[time.end] == ASCII.space else { return nil }
        let fieldsStart = time.end + 1
        var search = fieldsStart
        while let marker = b.find("] <", from: search) {
            search = marker + 1
            guard let open = lastIndex(of: ASCII.openBracket, in: b, before: marker),
                  open > fieldsStart, let (pid, afterPid) = b.decimal(at: open + 1, maxDigits: 10), afterPid == marker,
                  let levelEnd = b.find(">: ", from: marker + 3),
                  b.firstIndex(of: ASCII.space, in: (marker + 3)..<levelEnd) == nil else { continue }
            var processEnd = open
            if b[processEnd - 1] == ASCII.closeParen, let paren = lastIndex(of: ASCII.openParen, in: b, before: processEnd) {
                processEnd = paren
            }
            // Older relays keep the device name: `iPhone Shop[1]`. The process is the last word.
            let lastSpace = lastIndex(of: ASCII.space, in: b, before: processEnd)
            let processStart = max(fieldsStart, (lastSpace ?? fieldsStart - 1) + 1)
            guard processStart < processEnd else { continue }
            return LinePrefix(format: .deviceSyslog, time: nil,
                              yearless: YearlessTime(month: time.month, day: time.day, secondOfDay: time.secondOfDay),
                              process: processStart..<processEnd, pid: Int32(truncatingIfNeeded: pid), tid: nil,
                              message: min(b.count, levelEnd + 3)..<b.count)
        }
        return nil
    }

    private static func lastIndex(of byte: UInt8, in b: Bytes, before end: Int) -> Int? {
        var i = end - 1
        while i >= 0 {
            if b[i] == byte { return i }
            i -= 1
        }
        return nil
    }
}
