import Foundation
import XCTest
@testable import LifelineKit

final class TextBufferTests: XCTestCase {
    func testNumbersLiteralsAndTextReadBackAsWritten() {
        let buffer = TextBuffer(capacity: 1)  // grows many times
        for number: Int64 in [0, 7, 10, -1, -305, 1_234_567_890, .max, .min] {
            buffer.append(number)
            buffer.append(",")
        }
        buffer.append(UInt8(255))
        buffer.append(" Café ")
        let tail = TextBuffer()
        tail.append("日本")
        buffer.append(tail)
        XCTAssertEqual(buffer.text, "0,7,10,-1,-305,1234567890,9223372036854775807,-9223372036854775808,255 Café 日本")
    }

    func testEveryDigitCountMatchesTheStandardLibrary() {
        var values: [UInt64] = [0, 9, 99, .max, .max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1, power + power / 2]
        }
        var generator = SystemRandomNumberGenerator()
        values += (0..<1_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator) }
        let buffer = TextBuffer(capacity: 1)
        for value in values {
            buffer.append(value)
            buffer.append(" ")
        }
        XCTAssertEqual(buffer.text, values.map { "\($0) " }.joined())
    }

    func testTakenBytesLeaveTheBufferEmptyAndUsable() {
        let buffer = TextBuffer(capacity: 1)
        buffer.append("Café ")
        buffer.append(42)
        let taken = buffer.takeData()
        XCTAssertEqual(String(decoding: taken, as: UTF8.self), "Café 42")
        XCTAssertTrue(buffer.isEmpty)
        buffer.append("again")
        XCTAssertEqual(buffer.text, "again")
        XCTAssertEqual(String(decoding: taken, as: UTF8.self), "Café 42", "the taken bytes are the data's own")
    }

    func testOneDecimalNumbersRoundHalvesAwayFromZeroAndDropATrailingZero() {
        let expected: [(Double, String)] = [(0, "0"), (0.04, "0"), (0.05, "0.1"), (1, "1"), (12.34, "12.3"), (99.96, "100"),
                                            (-0.04, "0"), (-3.25, "-3.3"), (-7, "-7"), (1_234_567.89, "1234567.9")]
        for (value, text) in expected {
            let buffer = TextBuffer()
            buffer.appendDecimal1(value)
            XCTAssertEqual(buffer.text, text, "\(value)")
        }
    }
}
