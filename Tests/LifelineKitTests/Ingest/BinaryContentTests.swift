import XCTest
@testable import LifelineKit

/// Files that are not text are told apart from logs with a few bad bytes.
final class BinaryContentTests: XCTestCase {
    func testFileSignaturesAreNamed() {
        XCTAssertEqual(BinaryContent.kind(of: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]), "a PNG image")
        XCTAssertEqual(BinaryContent.kind(of: Array("%PDF-1.7\n".utf8)), "a PDF document")
        XCTAssertEqual(BinaryContent.kind(of: [0x1F, 0x8B, 0x08, 0x00]), "a gzip archive (gunzip it first)")
        XCTAssertEqual(BinaryContent.kind(of: [0xFF, 0xFE, 0x76, 0x00, 0x63, 0x00]),
                       "UTF-16 text (convert it to UTF-8 first: iconv -f UTF-16 -t UTF-8)")
    }

    func testManyControlBytesAreBinary() {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) | 0x01 }  // no NUL, still binary
        XCTAssertNotNil(BinaryContent.kind(of: noise))
        XCTAssertEqual(BinaryContent.kind(of: [UInt8](repeating: 0, count: 100)),
                       "binary data (100 of its first 100 bytes are control bytes such as NUL)")
    }

    func testLogsWithAFewBadBytesColoursAndLineEndingsAreText() {
        var log = Array("2016-04-27 10:49:46.694 TestMe[67943:4951489] vc1 viewWillAppear\r\n".utf8)
        log += Array("\u{1B}[32mvc1 viewDidAppear\u{1B}[0m\tdone\u{0C}\n".utf8)
        log += Array("nul\u{0}here\n".utf8) + [0xC0, 0xAF, 0x0A]
        XCTAssertNil(BinaryContent.kind(of: log))
        XCTAssertNil(BinaryContent.kind(of: Array(repeating: Array("a\u{0}b\n".utf8), count: 7).flatMap { $0 }),
                     "seven NUL bytes are lines to count as unparseable, not a binary file")
        XCTAssertNil(BinaryContent.kind(of: []))
    }
}
