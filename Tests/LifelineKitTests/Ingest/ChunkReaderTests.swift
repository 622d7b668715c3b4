import XCTest
@testable import LifelineKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ChunkReaderTests: XCTestCase {
    /// Chunks read into recycled buffers hold exactly the file's lines, as chunks read into new ones do.
    func testRecycledBuffersKeepEveryByte() throws {
        let lines = (1...500).map { "2024-03-01 10:49:46.\(100 + $0 % 900) Shop[4089:51117] line \($0) " + String(repeating: "x", count: $0 % 97) }
        let text = lines.joined(separator: "\n") + "\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chunk-reader-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        for recycling in [false, true] {
            let descriptor = open(url.path, O_RDONLY)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            let reader = ChunkReader(descriptor: descriptor, ownsDescriptor: true, blockSize: 1000)
            var read: [UInt8] = []
            var chunks = 0
            while let chunk = try reader.next() {
                read += chunk.bytes
                chunks += 1
                if recycling { reader.recycle(chunk.bytes) }
            }
            XCTAssertGreaterThan(chunks, 20, "recycling \(recycling)")
            XCTAssertEqual(String(decoding: read, as: UTF8.self), text, "recycling \(recycling)")
        }
    }
}
