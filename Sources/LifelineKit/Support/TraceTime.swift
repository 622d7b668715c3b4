/// A point in trace time: microseconds since 1970-01-01 00:00:00.
///
/// When the source line carried a UTC offset the value is UTC; otherwise it is the
/// local wall-clock time read as if it were UTC (`hasOffset == false`). Lifeline only
/// subtracts trace times of one trace, so the difference is what matters.
public struct TraceTime: Hashable, Comparable, Sendable {
    public var microseconds: Int64
    public var hasOffset: Bool
    /// The log gave no year (device syslog, with no dated line before): `microseconds` holds a stand-in year, which
    /// `iso8601` leaves out.
    public var yearUnknown: Bool

    public init(microseconds: Int64, hasOffset: Bool, yearUnknown: Bool = false) {
        self.microseconds = microseconds
        self.hasOffset = hasOffset
        self.yearUnknown = yearUnknown
    }

    public static func < (lhs: TraceTime, rhs: TraceTime) -> Bool { lhs.microseconds < rhs.microseconds }

    /// Seconds from `earlier` to `self`; never negative (clocks can step back, e.g. at a DST fall-back).
    public func seconds(since earlier: TraceTime) -> Double {
        max(0, Double(microseconds - earlier.microseconds) / 1_000_000)
    }

    /// ISO 8601, microsecond precision; `Z` only when the source gave an offset. Without a year, ISO 8601's
    /// `--MM-DD` form: `--04-27T10:49:46.000000`.
    public var iso8601: String {
        let micros = ((microseconds % 1_000_000) + 1_000_000) % 1_000_000
        let seconds = (microseconds - micros) / 1_000_000
        let days = Int(floorDivide(seconds, 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        var text = (yearUnknown ? "-" : pad(year, 4)) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        text += "." + pad(Int(micros), 6)
        return hasOffset ? text + "Z" : text
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// Proleptic Gregorian calendar arithmetic without Foundation (days since 1970-01-01).
enum CivilDate {
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func fromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
