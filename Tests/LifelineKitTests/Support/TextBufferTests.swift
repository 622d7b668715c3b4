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

    func testDecimal1MatchesTheStringForm() {
        for value in [0.0, 0.04, 0.05, 1.0, 12.34, 99.96, -0.04, -3.25, -7.0, 1_234_567.89] {
            let buffer = TextBuffer()
            buffer.appendDecimal1(value)
            XCTAssertEqual(buffer.text, Decimal1.string(value), "\(value)")
        }
    }
}
