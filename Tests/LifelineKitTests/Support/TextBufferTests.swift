import XCTest
@testable import LifelineKit

final class TextBufferTests: XCTestCase {
    func testNumbersLiteralsAndTextReadBackAsWritten() {
        var buffer = TextBuffer()
        for number: Int64 in [0, 7, 10, -1, -305, 1_234_567_890, .max, .min] {
            buffer.append(number)
            buffer.append(",")
        }
        buffer.append(UInt8(255))
        buffer.append(" Café ")
        var tail = TextBuffer()
        tail.append("日本")
        buffer.append(tail)
        XCTAssertEqual(buffer.text, "0,7,10,-1,-305,1234567890,9223372036854775807,-9223372036854775808,255 Café 日本")
    }
}
