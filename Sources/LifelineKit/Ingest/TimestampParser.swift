/// Reads the timestamp forms Apple's logging tools print, straight from bytes.
enum TimestampParser {
    enum Result {
        /// No timestamp shape at this position.
        case absent
        /// A timestamp shape with impossible values (month 13, 25 o'clock…).
        case invalid(String)
        case valid(TraceTime, end: Int)
    }

    /// `YYYY-MM-DD HH:MM:SS[.f…][Z|±HHMM|±HH:MM]`, with a space or `T` between date and time.
    static func parseDateTime(_ b: Bytes, at start: Int = 0) -> Result {
        var cache = MinuteCache()
        return parseDateTime(b, at: start, cache: &cache)
    }

    /// The same, reusing `cache`'s date, hour and minute when the line repeats the last valid timestamp's.
    static func parseDateTime(_ b: Bytes, at start: Int = 0, cache: inout MinuteCache) -> Result {
        guard start + 19 <= b.count, b[start + 16] == ASCII.colon else { return .absent }
        let key = MinuteCache.key(b, at: start)
        if cache.key == key {
            guard let second = digits(b, start + 17, 2) else { return .absent }
            guard second <= 60 else { return .invalid("invalid time of day") }
            return finish(b, at: start + 19, seconds: cache.seconds + Int64(second))
        }
        guard b[start + 4] == ASCII.minus, b[start + 7] == ASCII.minus,
              b[start + 10] == ASCII.space || b[start + 10] == ASCII.upperT, b[start + 13] == ASCII.colon,
              let year = digits(b, start, 4), let month = digits(b, start + 5, 2), let day = digits(b, start + 8, 2),
              let hour = digits(b, start + 11, 2), let minute = digits(b, start + 14, 2),
              let second = digits(b, start + 17, 2)
        else { return .absent }
        guard (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day) else {
            return .invalid("invalid date \(year)-\(month)-\(day)")
        }
        guard hour < 24, minute < 60, second <= 60 else { return .invalid("invalid time of day") }
        let days = CivilDate.days(year: year, month: month, day: day)
        cache = MinuteCache(key: key, seconds: Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60))
        return finish(b, at: start + 19, seconds: cache.seconds + Int64(second))
    }

    /// Reads the fraction and offset after `…:SS` (at `index`) and makes the time from the local `seconds`.
    private static func finish(_ b: Bytes, at index: Int, seconds local: Int64) -> Result {
        var i = index
        var micros: Int64 = 0
        if i < b.count, b[i] == ASCII.period {
            i += 1
            if let exact = microseconds(b, at: i) {
                micros = exact.micros
                i += exact.digits
            } else {
                let fractionStart = i
                while i < b.count, ASCII.isDigit(b[i]) {
                    if i - fractionStart < 6 { micros = micros * 10 + Int64(b[i] &- ASCII.zero) }  // beyond µs: dropped
                    i += 1
                }
                if i == fractionStart { return .invalid("missing fraction digits") }
                for _ in min(6, i - fractionStart)..<6 { micros *= 10 }
            }
        }
        var offsetSeconds = 0, hasOffset = false
        if i < b.count, b[i] == ASCII.upperZ {
            hasOffset = true; i += 1
        } else if i + 5 <= b.count, b[i] == ASCII.plus || b[i] == ASCII.minus, let hh = digits(b, i + 1, 2) {
            let colon = b[i + 3] == ASCII.colon ? 1 : 0
            if let mm = digits(b, i + 3 + colon, 2) {
                offsetSeconds = (hh * 3600 + mm * 60) * (b[i] == ASCII.minus ? -1 : 1)
                hasOffset = true
                i += 5 + colon
            }
        }
        let seconds = local - Int64(offsetSeconds)
        return .valid(TraceTime(microseconds: seconds * 1_000_000 + micros, hasOffset: hasOffset), end: i)
    }

    /// The common fractions, exactly three digits (NSLog) or six (`log`), as microseconds, read without a loop;
    /// nil for any other length.
    @inline(__always) private static func microseconds(_ b: Bytes, at i: Int) -> (micros: Int64, digits: Int)? {
        guard i + 3 <= b.count, let base = b.baseAddress else { return nil }
        let p = base + i
        let d0 = p[0] &- ASCII.zero, d1 = p[1] &- ASCII.zero, d2 = p[2] &- ASCII.zero
        guard d0 < 10, d1 < 10, d2 < 10 else { return nil }
        let millis = Int64(d0) * 100 + Int64(d1) * 10 + Int64(d2)
        if i + 3 == b.count || !ASCII.isDigit(p[3]) { return (millis * 1000, 3) }
        guard i + 6 <= b.count else { return nil }
        let d3 = p[3] &- ASCII.zero, d4 = p[4] &- ASCII.zero, d5 = p[5] &- ASCII.zero
        guard d4 < 10, d5 < 10, i + 6 == b.count || !ASCII.isDigit(p[6]) else { return nil }
        return (millis * 1000 + Int64(d3) * 100 + Int64(d4) * 10 + Int64(d5), 6)
    }

    /// `Mmm dd HH:MM:SS` (device syslog: no year, no fraction). Returns the time in year 2000, which the
    /// caller replaces with an inferred year via `YearlessClock`.
    static func parseSyslogTime(_ b: Bytes, at start: Int = 0) -> (month: Int, day: Int, secondOfDay: Int, end: Int)? {
        guard start + 15 <= b.count, b[start + 3] == ASCII.space, b[start + 6] == ASCII.space,
              b[start + 9] == ASCII.colon, b[start + 12] == ASCII.colon,
              let month = monthNumber(b, start),
              let hour = digits(b, start + 7, 2), let minute = digits(b, start + 10, 2), let second = digits(b, start + 13, 2),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        let day: Int
        if b[start + 4] == ASCII.space, let d = digits(b, start + 5, 1) { day = d }
        else if let d = digits(b, start + 4, 2) { day = d } else { return nil }
        guard (1...31).contains(day) else { return nil }
        return (month, day, hour * 3600 + minute * 60 + second, start + 15)
    }

    private static let monthNames: [StaticString] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func monthNumber(_ b: Bytes, _ start: Int) -> Int? {
        for (index, name) in monthNames.enumerated() where b.matches(name, at: start) { return index + 1 }
        return nil
    }

    @inline(__always) private static func digits(_ b: Bytes, _ start: Int, _ n: Int) -> Int? {
        guard start + n <= b.count else { return nil }
        var value = 0
        for i in start..<(start + n) {
            let digit = b[i] &- ASCII.zero
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}

/// The last valid timestamp's `YYYY-MM-DD HH:MM` (its first 16 bytes) and what it converted to: consecutive log
/// lines mostly share their minute, which then is not validated and converted again.
struct MinuteCache {
    fileprivate var key: (UInt64, UInt64)? = nil
    fileprivate var seconds: Int64 = 0

    fileprivate static func key(_ b: Bytes, at start: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(b.baseAddress! + start)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
}

private func == (a: (UInt64, UInt64)?, b: (UInt64, UInt64)) -> Bool {
    guard let a else { return false }
    return a.0 == b.0 && a.1 == b.1
}

/// Gives yearless device-syslog times a year: the year of the latest dated line, else 2000, plus one at
/// every December → January step. Sequential by nature, so it runs in the in-order stage.
struct YearlessClock: Sendable {
    private(set) var year = 2000
    private var lastMonth = 0

    private var lastDatedDay = Int.min

    mutating func observeDated(_ time: TraceTime) {
        let days = Int((time.microseconds / 1_000_000) / 86_400)
        lastMonth = 0
        guard days != lastDatedDay else { return }  // called for every dated event: skip the calendar when the day is known
        lastDatedDay = days
        year = CivilDate.fromDays(days).year
    }

    mutating func time(month: Int, day: Int, secondOfDay: Int) -> TraceTime {
        if lastMonth == 12 && month == 1 { year += 1 }
        lastMonth = month
        let validDay = min(day, CivilDate.daysInMonth(year: year, month: month))
        let days = CivilDate.days(year: year, month: month, day: validDay)
        return TraceTime(microseconds: (Int64(days) * 86_400 + Int64(secondOfDay)) * 1_000_000, hasOffset: false)
    }
}
