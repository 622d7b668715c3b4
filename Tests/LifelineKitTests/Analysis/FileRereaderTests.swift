import XCTest
@testable import LifelineKit

final class FileRereaderTests: XCTestCase {
    /// Bytes read back by offset are the file's, from its kept block or not, long or short, up to its end.
    func testReadsTheFilesBytesAtAnyOffset() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 251) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rereader-\(UUID().uuidString).log")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try XCTUnwrap(FileRereader(path: url.path))

        for (offset, count) in [(0, 10), (5, 100), (200_000, 120), (199_990, 30), (70_000, 40_000), (299_990, 10), (150_000, 0)] {
            XCTAssertEqual(file.bytes(at: offset, count: count), Array(bytes[offset..<(offset + count)]), "\(count) bytes at \(offset)")
        }
        XCTAssertEqual(file.bytes(at: 299_995, count: 10), Array(bytes[299_995...]), "fewer bytes past the end of the file")
        XCTAssertNil(FileRereader(path: url.path + ".missing"))
        XCTAssertNil(FileRereader(path: FileManager.default.temporaryDirectory.path), "a directory is no file to read lines from")
    }
}
