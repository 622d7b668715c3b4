/// Reads the timestamp forms Apple's logging tools print, straight from bytes.
enum TimestampParser {
    enum Result {
        /// No timestamp shape at this position.
        case absent
        /// A timestamp shape with impossible values (month 13, 25 o'clock…).
        case invalid(Invalidity)
        case valid(TraceTime, end: Int)
    }

    /// What is impossible about a timestamp. Plain values, not text, so results are returned without reference
    /// counting: every dated line is read through here.
    enum Invalidity: Equatable, CustomStringConvertible {
        case date(year: Int, month: Int, day: Int)
        case timeOfDay
        case missingFractionDigits

        var description: String {
            switch self {
            case let .date(year, month, day): return "invalid date \(year)-\(month)-\(day)"
            case .timeOfDay: return "invalid time of day"
            case .missingFractionDigits: return "missing fraction digits"
            }
        }
    }

    /// `YYYY-MM-DD HH:MM:SS[.f…][Z|±HHMM|±HH:MM]`, with a space or `T` between date and time.
    static func parseDateTime(_ b: Bytes, at start: Int = 0) -> Result {
        var cache = MinuteCache()
        return parseDateTime(b, at: start, cache: &cache)
    }

    /// The same, reusing `cache`'s date, hour and minute when the line repeats the last valid timestamp's. Only the
    /// most common case, NSLog's rest of a known minute (`nslogRest`), is inlined into the caller.
    @inline(__always) static func parseDateTime(_ b: Bytes, at start: Int = 0, cache: inout MinuteCache) -> Result {
        guard start + 19 <= b.count, b[start + 16] == ASCII.colon else { return .absent }
        let key = MinuteCache.key(b, at: start)
        if cache.key == key, let (time, end) = nslogRest(b, at: start + 16, minute: cache.seconds) { return .valid(time, end: end) }
        return parseDateTime(b, at: start, key: key, cache: &cache)
    }

    /// `parseDateTime(_:at:cache:)` for all but NSLog's rest of a known minute; `key` is the line's `MinuteCache.key`.
    @inline(never) private static func parseDateTime(_ b: Bytes, at start: Int, key: (UInt64, UInt64), cache: inout MinuteCache) -> Result {
        if cache.key == key {
            guard let second = digits(b, start + 17, 2) else { return .absent }
            guard second <= 60 else { return .invalid(.timeOfDay) }
            return finish(b, at: start + 19, seconds: cache.seconds + Int64(second))
        }
        guard b[start + 4] == ASCII.minus && b[start + 7] == ASCII.minus || b[start + 4] == ASCII.slash && b[start + 7] == ASCII.slash,
              b[start + 10] == ASCII.space || b[start + 10] == ASCII.upperT, b[start + 13] == ASCII.colon,
              let year = digits(b, start, 4), let month = digits(b, start + 5, 2), let day = digits(b, start + 8, 2),
              let hour = digits(b, start + 11, 2), let minute = digits(b, start + 14, 2),
              let second = digits(b, start + 17, 2)
        else { return .absent }
        guard (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day) else {
            return .invalid(.date(year: year, month: month, day: day))
        }
        guard hour < 24, minute < 60, second <= 60 else { return .invalid(.timeOfDay) }
        let days = CivilDate.days(year: year, month: month, day: day)
        cache = MinuteCache(key: key, seconds: Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60))
        return finish(b, at: start + 19, seconds: cache.seconds + Int64(second))
    }

    /// A time of day without a date at `start` (`10:49:46`, `10:49:46.694`), as loggers configured for a short
    /// prefix print it, and where it ends. It counts from `timeOfDayDate`: only differences matter, and a log that
    /// passes midnight steps its clock back, which the engine holds as it holds any clock change.
    static func parseTimeOfDay(_ b: Bytes, at start: Int) -> (time: TraceTime, end: Int)? {
        guard start + 8 <= b.count, b[start + 2] == ASCII.colon, b[start + 5] == ASCII.colon,
              let hour = digits(b, start, 2), let minute = digits(b, start + 3, 2), let second = digits(b, start + 6, 2),
              hour < 24, minute < 60, second <= 60 else { return nil }
        var i = start + 8, micros: Int64 = 0
        if i < b.count, b[i] == ASCII.period {
            guard let fraction = fraction(b, at: i + 1) else { return nil }
            micros = fraction.micros
            i += 1 + fraction.length
        }
        let seconds = Int64(timeOfDayDate) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return (TraceTime(microseconds: seconds * 1_000_000 + micros, hasOffset: false), i)
    }

    /// The day times of day without a date are put on: 2001-01-01, in days since 1970.
    static let timeOfDayDate = 11_323

    /// Reads the fraction and offset after `…:SS` (at `index`) and makes the time from the local `seconds`.
    @inline(__always) private static func finish(_ b: Bytes, at index: Int, seconds local: Int64) -> Result {
        var i = index
        var micros: Int64 = 0
        if i < b.count, b[i] == ASCII.period {
            guard let fraction = fraction(b, at: i + 1) else { return .invalid(.missingFractionDigits) }
            micros = fraction.micros
            i += 1 + fraction.length
        } else if i + 4 < b.count, b[i] == ASCII.colon, let milliseconds = digits(b, i + 1, 3), b[i + 4] == ASCII.space {
            micros = Int64(milliseconds) * 1_000  // CocoaLumberjack's `HH:mm:ss:SSS`
            i += 4
        }
        var offsetSeconds = 0, hasOffset = false
        if i < b.count, b[i] == ASCII.upperZ {
            hasOffset = true; i += 1
        } else if i + 5 <= b.count, b[i] == ASCII.plus || b[i] == ASCII.minus, let (hh, mm, length) = offset(b, at: i + 1) {
            offsetSeconds = (hh * 3600 + mm * 60) * (b[i] == ASCII.minus ? -1 : 1)
            hasOffset = true
            i += 1 + length
        }
        let seconds = local - Int64(offsetSeconds)
        return .valid(TraceTime(microseconds: seconds * 1_000_000 + micros, hasOffset: hasOffset), end: i)
    }

    /// `:SS.ffffff±HHMM` at `i`, the rest of the timestamps NSLog and `log` print, read in two loads of eight bytes
    /// (which must be there), as a time in the minute starting at local `minute` seconds, and where it ends; nil
    /// for any other shape, and for a second past 60, which `finish` reads or turns away.
    @inline(__always) private static func nslogRest(_ b: Bytes, at i: Int, minute: Int64) -> (TraceTime, Int)? {
        guard i + 16 <= b.count, let base = b.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base + i)
        let head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) ^ 0x3030_3030_3030_3030  // `:SS.ffff`
        let tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) ^ 0x3030_3030_3030_3030  // `ff±HHMM`
        // Digits are 0…9 now; `:` is 0x0A, `.` 0x1E, `+` 0x1B and `-` 0x1D.
        let headDigits: UInt64 = 0xFFFF_FFFF_00FF_FF00, tailDigits: UInt64 = 0x00FF_FFFF_FF00_FFFF
        let sign = tail >> 16 & 0xFF
        guard head & 0xFF00_00FF == 0x1E00_000A, sign == 0x1B || sign == 0x1D,
              ((head &+ 0x7676_7676_7676_7676) | head) & headDigits & 0x8080_8080_8080_8080 == 0,
              ((tail &+ 0x7676_7676_7676_7676) | tail) & tailDigits & 0x8080_8080_8080_8080 == 0 else { return nil }
        @inline(__always) func digit(_ word: UInt64, _ index: Int) -> Int64 { Int64(word >> UInt64(index &* 8) & 0xFF) }
        let second = digit(head, 1) &* 10 &+ digit(head, 2)
        guard second <= 60 else { return nil }
        // The six fraction digits (head's last four bytes, tail's first two) and the offset's four, each read as one number.
        let micros = Int64(SWARDigits.value(head >> 32 | tail << 32, length: 6))
        let hoursAndMinutes = Int64(SWARDigits.value(tail >> 24, length: 4))
        let offset = hoursAndMinutes / 100 &* 3600 &+ hoursAndMinutes % 100 &* 60
        let utc = minute &+ second &- (sign == 0x1D ? -offset : offset)
        return (TraceTime(microseconds: utc &* 1_000_000 &+ micros, hasOffset: true), i + 15)
    }

    /// The fraction's digits at `i` as microseconds (digits past the sixth are dropped), and how many there are;
    /// nil when there is none. Up to seven digits with eight bytes to read are read at once.
    @inline(__always) private static func fraction(_ b: Bytes, at i: Int) -> (micros: Int64, length: Int)? {
        if i + 8 <= b.count, let base = b.baseAddress {
            let digits = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ 0x3030_3030_3030_3030
            let length = SWARDigits.leadingDigitCount(digits)
            if length == 0 { return nil }
            if length < 8 {
                let value = Int64(SWARDigits.value(digits, length: length))
                return (length == 7 ? value / 10 : value * microsecondsPerDigit(length), length)
            }
        }
        var length = 0, micros: Int64 = 0
        while i + length < b.count, ASCII.isDigit(b[i + length]) {
            if length < 6 { micros = micros * 10 + Int64(b[i + length] &- ASCII.zero) }
            length += 1
        }
        guard length > 0 else { return nil }
        return (micros * microsecondsPerDigit(min(6, length)), length)
    }

    /// What the last of `length` (1–6) fraction digits counts in microseconds.
    @inline(__always) private static func microsecondsPerDigit(_ length: Int) -> Int64 {
        switch length {
        case 1: return 100_000
        case 2: return 10_000
        case 3: return 1_000
        case 4: return 100
        case 5: return 10
        default: return 1
        }
    }

    /// A UTC offset's hours and minutes after its sign, `HHMM` or `HH:MM`, and its length.
    @inline(__always) private static func offset(_ b: Bytes, at i: Int) -> (hours: Int, minutes: Int, length: Int)? {
        if i + 4 <= b.count, let base = b.baseAddress {
            let digits = UInt32(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self)) ^ 0x3030_3030
            if ((digits &+ 0x7676_7676) | digits) & 0x8080_8080 == 0 {  // four digits (see `SWARDigits`)
                let hours = Int(digits & 0xFF) * 10 + Int(digits >> 8 & 0xFF)
                return (hours, Int(digits >> 16 & 0xFF) * 10 + Int(digits >> 24), 4)
            }
        }
        guard let hours = digits(b, i, 2), i + 2 < b.count, b[i + 2] == ASCII.colon, let minutes = digits(b, i + 3, 2) else { return nil }
        return (hours, minutes, 5)
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
/// every December → January step. Sequential by nature, so it runs in the in-order stage. Times before any dated
/// line are marked `yearUnknown`: 2000 only keeps durations across New Year right, and is never shown.
struct YearlessClock: Sendable {
    private(set) var year = 2000
    private var lastMonth = 0
    private var yearKnown = false

    private var lastDatedDay = Int.min

    mutating func observeDated(_ time: TraceTime) {
        let days = Int((time.microseconds / 1_000_000) / 86_400)
        lastMonth = 0
        yearKnown = true
        guard days != lastDatedDay else { return }  // called for every dated event: skip the calendar when the day is known
        lastDatedDay = days
        year = CivilDate.fromDays(days).year
    }

    mutating func time(month: Int, day: Int, secondOfDay: Int) -> TraceTime {
        if lastMonth == 12 && month == 1 { year += 1 }
        lastMonth = month
        let validDay = min(day, CivilDate.daysInMonth(year: year, month: month))
        let days = CivilDate.days(year: year, month: month, day: validDay)
        return TraceTime(microseconds: (Int64(days) * 86_400 + Int64(secondOfDay)) * 1_000_000, hasOffset: false,
                         yearUnknown: !yearKnown)
    }
}
