import XCTest
@testable import LifelineKit

final class TraceTimeTests: XCTestCase {
    func testCivilDateRoundTripsAcrossLeapYearsAndEpoch() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (2016, 12, 31), (2024, 3, 10), (1969, 12, 31), (2100, 3, 1)] {
            let days = CivilDate.days(year: y, month: m, day: d)
            XCTAssertTrue(CivilDate.fromDays(days) == (y, m, d), "\(y)-\(m)-\(d)")
        }
        XCTAssertEqual(CivilDate.days(year: 1970, month: 1, day: 1), 0)
        XCTAssertEqual(CivilDate.daysInMonth(year: 1900, month: 2), 28)
        XCTAssertEqual(CivilDate.daysInMonth(year: 2000, month: 2), 29)
    }

    func testDSTOffsetsGiveTrueElapsedTime() {
        func time(_ text: String) -> TraceTime? {
            var copy = text
            return copy.withUTF8 { if case .valid(let t, _) = TimestampParser.parseDateTime($0) { return t }; return nil }
        }
        let before = time("2024-03-10 01:59:59.999999-0800")!, after = time("2024-03-10 03:00:00.000001-0700")!
        XCTAssertEqual(after.seconds(since: before), 0.000002, accuracy: 1e-9)
        XCTAssertEqual(before.seconds(since: after), 0, "never negative")
    }

    /// The time and end a timestamp parses to, or why it does not.
    private func parse(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 {
            switch TimestampParser.parseDateTime($0) {
            case .valid(let t, let end): return "\(t.iso8601) end \(end)"
            case .invalid(let reason): return reason.description
            case .absent: return "absent"
            }
        }
    }

    func testFractionsOfEveryLengthAndWhatFollowsThem() {
        XCTAssertEqual(parse("2016-04-27 10:49:46.6"), "2016-04-27T10:49:46.600000 end 21")
        XCTAssertEqual(parse("2016-04-27 10:49:46.694 X"), "2016-04-27T10:49:46.694000 end 23")
        XCTAssertEqual(parse("2016-04-27 10:49:46.694"), "2016-04-27T10:49:46.694000 end 23", "three digits at the end")
        XCTAssertEqual(parse("2016-04-27 10:49:46.6945 X"), "2016-04-27T10:49:46.694500 end 24")
        XCTAssertEqual(parse("2016-04-27 10:49:46.69451 X"), "2016-04-27T10:49:46.694510 end 25")
        XCTAssertEqual(parse("2016-04-27 10:49:46.123456"), "2016-04-27T10:49:46.123456 end 26", "six digits at the end")
        XCTAssertEqual(parse("2016-04-27 10:49:46.123456 X"), "2016-04-27T10:49:46.123456 end 26")
        XCTAssertEqual(parse("2016-04-27 10:49:46.000001Z"), "2016-04-27T10:49:46.000001Z end 27")
        XCTAssertEqual(parse("2016-04-27 10:49:46.123456+0100"), "2016-04-27T09:49:46.123456Z end 31")
        XCTAssertEqual(parse("2016-04-27 10:49:46.1234567 X"), "2016-04-27T10:49:46.123456 end 27", "beyond µs: dropped")
        XCTAssertEqual(parse("2016-04-27 10:49:46.123456789-0200"), "2016-04-27T12:49:46.123456Z end 34")
        XCTAssertEqual(parse("2016-04-27 10:49:46.12a456 X"), "2016-04-27T10:49:46.120000 end 22", "digits end at the letter")
        XCTAssertEqual(parse("2016-04-27 10:49:46. X"), "missing fraction digits")
    }

    /// With eight bytes after the period the fraction is read in one step: every length must match the byte loop.
    func testFractionsFollowedByAWholeLineReadLikeShortOnes() {
        let tail = " TestMe[67943:4951489] vc1 viewWillAppear"
        let expected = ["100000", "120000", "123000", "123400", "123450", "123456", "123456", "123456", "123456"]
        for length in 1...9 {
            let digits = String("123456789".prefix(length))
            XCTAssertEqual(parse("2016-04-27 10:49:46.\(digits)\(tail)"), "2016-04-27T10:49:46.\(expected[length - 1]) end \(20 + length)",
                           "\(length) digits")
        }
        XCTAssertEqual(parse("2016-04-27 10:49:46.\(tail)"), "missing fraction digits")
        XCTAssertEqual(parse("2016-04-27 10:49:46.694:Shop[1:2] x"), "2016-04-27T10:49:46.694000 end 23", "a colon ends the digits")
        XCTAssertEqual(parse("2016-04-27 10:49:46.694\u{00E9}Shop[1:2] x"), "2016-04-27T10:49:46.694000 end 23", "so does a non-ASCII byte")
    }

    func testOffsetsWithAndWithoutAColon() {
        func time(_ text: String) -> String {
            var copy = text
            return copy.withUTF8 { if case .valid(let t, let end) = TimestampParser.parseDateTime($0) { return "\(t.iso8601) end \(end)" }; return "nil" }
        }
        XCTAssertEqual(time("2024-03-04 09:00:00.000711+0100 Shop[4002:361037] x"), "2024-03-04T08:00:00.000711Z end 31")
        XCTAssertEqual(time("2024-03-04 09:00:00.000711-05:30 Shop[4002:361037] x"), "2024-03-04T14:30:00.000711Z end 32")
        XCTAssertEqual(time("2024-03-04 09:00:00+0930"), "2024-03-03T23:30:00.000000Z end 24", "no fraction, at the end")
        XCTAssertEqual(time("2024-03-04 09:00:00.5+01:0 x"), "2024-03-04T09:00:00.500000 end 21", "no minutes: no offset")
        XCTAssertEqual(time("2024-03-04 09:00:00.5+01x0 x"), "2024-03-04T09:00:00.500000 end 21", "a letter among the digits")
    }

    /// Lines of the minute just read take a shortcut for NSLog's `:SS.ffffff±HHMM`: every shape must read as it
    /// does afresh.
    func testALineOfTheMinuteJustReadParsesAsAfresh() {
        func parse(_ text: String, cache: inout MinuteCache) -> String {
            var copy = text
            return copy.withUTF8 {
                switch TimestampParser.parseDateTime($0, cache: &cache) {
                case .valid(let t, let end): return "\(t.iso8601) end \(end)"
                case .invalid(let reason): return reason.description
                case .absent: return "absent"
                }
            }
        }
        let rests = [":05.000711+0100 Shop[4002:361037] x", ":05.000711-0330 Shop[1:2] x", ":60.999999+0000 Shop[1:2] x",
                     ":61.000000+0100 Shop[1:2] x", ":05.00071+0100 Shop[1:2] x", ":05.0007111+0100 Shop[1:2] x",
                     ":05.000711+01:00 Shop[1:2] x", ":05.000711Z Shop[1:2] x", ":05+0100 Shop[1:2] x", ":05.000711+0100",
                     ":05.000711+0100 ", ":05.00x711+0100 Shop[1:2] x", ":05.000711+01x0 Shop[1:2] x", ":05.000711*0100 Shop[1:2] x",
                     ":05:123 Shop[1:2] x", ":5.000711+0100 Shop[1:2] x"]
        for rest in rests {
            var cache = MinuteCache()
            _ = parse("2024-03-04 09:00:00.000001+0100 Shop[4002:361037] first", cache: &cache)
            var fresh = MinuteCache()
            XCTAssertEqual(parse("2024-03-04 09:00" + rest, cache: &cache), parse("2024-03-04 09:00" + rest, cache: &fresh), rest)
        }
        var cache = MinuteCache()
        _ = parse("2024-03-04 09:00:00.000001+0100 Shop[4002:361037] first", cache: &cache)
        XCTAssertEqual(parse("2024-03-04 09:00:05.000711-0330 Shop[1:2] x", cache: &cache), "2024-03-04T12:30:05.000711Z end 31")
        XCTAssertEqual(parse("2024-03-04 09:00:61.000000+0100 Shop[1:2] x", cache: &cache), "invalid time of day")
    }

    func testYearlessClockRollsOverAtNewYear() {
        var clock = YearlessClock()
        var copy = "2016-12-31 23:59:58.000 X[1:1] y"
        copy.withUTF8 { if case .valid(let t, _) = TimestampParser.parseDateTime($0) { clock.observeDated(t) } }
        XCTAssertEqual(clock.time(month: 12, day: 31, secondOfDay: 86_399).iso8601, "2016-12-31T23:59:59.000000")
        XCTAssertEqual(clock.time(month: 1, day: 1, secondOfDay: 0).iso8601, "2017-01-01T00:00:00.000000")
    }

    func testYearlessTimesBeforeAnyDatedLineShowNoYear() {
        var clock = YearlessClock()
        let first = clock.time(month: 4, day: 27, secondOfDay: 10 * 3_600 + 49 * 60 + 46)
        XCTAssertEqual(first.iso8601, "--04-27T10:49:46.000000", "not the stand-in year 2000")
        XCTAssertTrue(first.yearUnknown)
        let lastSecond = clock.time(month: 12, day: 31, secondOfDay: 86_399)
        let later = clock.time(month: 1, day: 1, secondOfDay: 0)
        XCTAssertEqual(later.iso8601, "--01-01T00:00:00.000000")
        XCTAssertEqual(later.seconds(since: lastSecond), 1, "durations still cross New Year")
        let mark = CompactMark(Mark(line: 3, time: first, callback: nil))
        XCTAssertEqual(mark.mark?.time?.iso8601, "--04-27T10:49:46.000000", "an idle instance keeps it")
    }

    func testSecondsFormatting() {
        XCTAssertEqual(Format.seconds(41.2345), "41.2 s")
        XCTAssertEqual(Format.seconds(3), "3 s")
        XCTAssertEqual(Format.seconds(0.25), "0.25 s")
    }
}
