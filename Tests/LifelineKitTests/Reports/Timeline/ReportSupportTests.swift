import XCTest
@testable import LifelineKit

/// HTML escaping and the time axis.
final class ReportSupportTests: XCTestCase {
    func testHTMLEscapingCoversTextAndAttributes() {
        XCTAssertEqual(HTMLText.escape("<a href=\"x\" title='y'>&</a>"), "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        XCTAssertEqual(HTMLText.escape("tab\there\u{0}\u{1B}[31m"), "tab\there\\u{0}\\u{1B}[31m")
        XCTAssertEqual(HTMLText.escape("C1\u{85}\u{9F} kept: \u{A0}£é日本😀\r"), #"C1\u{85}\u{9F} kept: \#u{A0}£é日本😀\u{D}"#)
        XCTAssertEqual(HTMLText.escape("<Shop.Cart\u{202E}X: 0x1>"), #"&lt;Shop.Cart\u{202E}X: 0x1&gt;"#, "bidirectional controls made visible")
        XCTAssertEqual(HTMLText.identifier("Appearance-Order"), "appearance-order")
        XCTAssertEqual(HTMLText.identifier("a\"b c"), "a-b-c")
    }

    /// Escaping works on bytes; it must give what replacing character by character gives.
    func testHTMLEscapingMatchesAScalarByScalarReference() {
        let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]
        let reference = { (text: String) in
            ReferenceEscaping.escape(text) { scalar in
                if let entity = entities[scalar] { return entity }
                let isControl = scalar.value < 0x20 && scalar != "\t" && scalar != "\n"
                let isBidi = [0x61C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
                    .contains(scalar.value)
                return isControl || isBidi || (0x7F...0x9F).contains(scalar.value) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
            }
        }
        let alphabet: [Unicode.Scalar] = ["a", "Z", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}",
                                          "\u{9F}", "\u{A0}", "\u{BF}", "\u{C2}", "é", "\u{142}", "日", "😀", "\u{FFFD}",
                                          "\u{61C}", "\u{600}", "\u{200E}", "\u{202E}", "\u{202F}", "\u{2069}", "\u{206A}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) { text.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            XCTAssertEqual(HTMLText.escape(text), reference(text), text.debugDescription)
        }
    }

    func testAxisTicksAreRoundAndLabelled() {
        let clock = TimeAxis(base: .clock(origin: TraceTime(microseconds: 0, hasOffset: false)), start: 0, end: 6_530_000)
        XCTAssertEqual(clock.ticks(count: 7), [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000, 6_000_000])
        XCTAssertEqual(clock.label(1_500_000), "1.5 s")
        let lines = TimeAxis(base: .lines, start: 3, end: 120)
        XCTAssertEqual(lines.ticks(count: 7), [20, 40, 60, 80, 100, 120])
        XCTAssertEqual(lines.label(40), "line 40")
        XCTAssertEqual(["0 s", "750 µs", "250 ms", "2 min", "2 min 30 s"],
                       [0, 750, 250_000, 120_000_000, 150_000_000].map { TimeAxis.duration(microseconds: $0) })
    }

    func testLongDurationsUseHoursAndDaysAndTicksFallOnRoundTimes() {
        XCTAssertEqual(TimeAxis.duration(microseconds: 816_528_000_000), "9 d 10 h 48 min 48 s", "was 13608 min 48 s")
        XCTAssertEqual(TimeAxis.duration(microseconds: 13_608_000_000), "3 h 46 min 48 s")
        XCTAssertEqual(TimeAxis.duration(microseconds: 7_200_000_000), "2 h")
        XCTAssertEqual(TimeAxis.duration(microseconds: -90_000_000), "-1 min 30 s")
        let origin = TraceTime(microseconds: 0, hasOffset: false)
        let eightHours = TimeAxis(base: .clock(origin: origin), start: 0, end: 8 * 3_600_000_000)
        XCTAssertEqual(eightHours.ticks(count: 6).map(eightHours.label), ["0 s", "2 h", "4 h", "6 h", "8 h"])
        let hour = TimeAxis(base: .clock(origin: origin), start: 0, end: 3_600_000_000)
        XCTAssertEqual(hour.step(count: 6), 600_000_000, "10 min, not 83 min 20 s's kind of step")
        XCTAssertEqual(TimeAxis(base: .clock(origin: origin), start: 0, end: 30 * TimeAxis.day).step(count: 6), 5 * TimeAxis.day)
        XCTAssertEqual(TimeAxis(base: .lines, start: 0, end: 60_000_000).step(count: 6), 10_000_000, "lines stay decimal")
    }

    func testDecimalsHaveOneDigitAndNoExponent() {
        XCTAssertEqual([0.04, 12.25, -3.0, 1e-9, 123456.7].map(Decimal1.string), ["0", "12.3", "-3", "0", "123456.7"])
    }
}
