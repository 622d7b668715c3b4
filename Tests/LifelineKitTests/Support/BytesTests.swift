import XCTest
@testable import LifelineKit

final class BytesTests: XCTestCase {
    private func decimal(_ text: String, at offset: Int = 0, maxDigits: Int = 18) -> String {
        var copy = text
        return copy.withUTF8 { $0.decimal(at: offset, maxDigits: maxDigits).map { "\($0.value) end \($0.end)" } ?? "nil" }
    }

    private func hexadecimal(_ text: String, at offset: Int = 0) -> String {
        var copy = text
        return copy.withUTF8 { $0.hexadecimal(at: offset).map { "\(String($0.value, radix: 16)) end \($0.end)" } ?? "nil" }
    }

    func testDecimalReadsRunsUpToItsLimitAndRefusesLongerOnes() {
        XCTAssertEqual(decimal("4089:361037]"), "4089 end 4")
        XCTAssertEqual(decimal("[4089]", at: 1), "4089 end 5")
        XCTAssertEqual(decimal("361037"), "361037 end 6", "digits to the end")
        XCTAssertEqual(decimal("x1"), "nil", "no digit at the offset")
        XCTAssertEqual(decimal(""), "nil")
        XCTAssertEqual(decimal("1234567890:", maxDigits: 10), "1234567890 end 10")
        XCTAssertEqual(decimal("12345678901:", maxDigits: 10), "nil", "more digits than allowed")
        XCTAssertEqual(decimal("999999999999999999"), "999999999999999999 end 18")
        XCTAssertEqual(decimal("9999999999999999999"), "nil", "19 digits could overflow")
    }

    /// Runs of up to seven digits with eight bytes to read take the word-at-a-time path: each length, and what stops it.
    func testDecimalReadsShortRunsInOneWordLikeTheLoop() {
        for length in 1...9 {
            let digits = String("987654321".prefix(length))
            XCTAssertEqual(decimal("\(digits)] Shop.swift:12"), "\(digits) end \(length)", "\(length) digits")
        }
        XCTAssertEqual(decimal("0000042:xxxxxx"), "42 end 7", "leading zeros")
        XCTAssertEqual(decimal("12/45678 xxxxx"), "12 end 2")
        XCTAssertEqual(decimal("12\u{00E9}45678 xxxx"), "12 end 2", "a non-ASCII byte")
        XCTAssertEqual(decimal("12\u{0}45678 xxxx"), "12 end 2", "a NUL byte")
        XCTAssertEqual(decimal(":12345678 xxxx"), "nil")
        XCTAssertEqual(decimal("[4089:361037] x", at: 1, maxDigits: 10), "4089 end 5")
        XCTAssertEqual(decimal("123456 xxxxxxx", maxDigits: 5), "nil", "more digits than allowed, read byte by byte")
    }

    /// With sixteen bytes to read, digits are read eight at a time: every length, both cases, and what stops a run.
    func testHexadecimalReadsLongInputsAWordAtATime() {
        let digits = "7fA1c8D0a2009bEf0"
        let filler = "> viewDidLoad and more"
        for length in 1...16 {
            let run = String(digits.prefix(length))
            XCTAssertEqual(hexadecimal(run + filler), "\(run.lowercased()) end \(length)", "\(length) digits")
        }
        XCTAssertEqual(hexadecimal(digits + filler), "nil", "17 digits do not fit")
        XCTAssertEqual(hexadecimal("g" + filler + filler), "nil")
        for stop in [":", "@", "`", "G", "g", "/", "\u{00E9}", "\u{0}", " ", "["] {
            XCTAssertEqual(hexadecimal("0x7f8b" + stop + "2c4f1400; view = x", at: 2), "7f8b end 6", "stopped by \(stop.unicodeScalars.first!.value)")
        }
        XCTAssertEqual(hexadecimal("0x7f8b2c4f1400> viewWillAppear", at: 2), "7f8b2c4f1400 end 14")
        XCTAssertEqual(hexadecimal("ffffffffffffffff> viewWillAppear"), "ffffffffffffffff end 16")
        XCTAssertEqual(hexadecimal("ABCDEF0123456789> viewWillAppear"), "abcdef0123456789 end 16")
    }

    func testHexadecimalReadsEitherCaseUpToSixteenDigits() {
        XCTAssertEqual(hexadecimal("7fa1c8d0a200>"), "7fa1c8d0a200 end 12")
        XCTAssertEqual(hexadecimal("7FA1C8D0A200"), "7fa1c8d0a200 end 12", "upper case, to the end")
        XCTAssertEqual(hexadecimal("0x1f", at: 2), "1f end 4")
        XCTAssertEqual(hexadecimal("abcdefg"), "abcdef end 6", "g is not a digit")
        XCTAssertEqual(hexadecimal("g1"), "nil")
        XCTAssertEqual(hexadecimal("ffffffffffffffff;"), "ffffffffffffffff end 16")
        XCTAssertEqual(hexadecimal("10000000000000000"), "nil", "17 digits do not fit")
        XCTAssertEqual(hexadecimal(":@[`{"), "nil", "bytes beside the digit and letter ranges")
    }
}
