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

    /// Each chunk of a re-readable file says where its bytes are in the file: past lines cut for being overlong,
    /// CRLF endings and lone carriage returns alike (evidence is read back from there).
    func testChunksOfARereadableFileSayWhereTheyAre() throws {
        var text = ""
        for number in 1...400 {
            switch number % 50 {
            case 7: text += String(repeating: "o", count: 300) + "\n"  // longer than the reader keeps
            case 13: text += "line \(number) ends in CRLF\r\n"
            case 29: text += "a lone carriage return\rthen line \(number)\n"
            default: text += "2024-03-01 10:49:46.\(100 + number % 900) Shop[4089:51117] line \(number) " + String(repeating: "x", count: number % 61) + "\n"
            }
        }
        let file = Array(text.utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chunk-offsets-\(UUID().uuidString).log")
        try Data(file).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        for rereadable in [true, false] {
            let descriptor = open(url.path, O_RDONLY)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            let reader = ChunkReader(descriptor: descriptor, ownsDescriptor: true, blockSize: 100, maxLineLength: 200, rereadable: rereadable)
            var checked = 0
            while let chunk = try reader.next() {
                guard !chunk.isOverlongLine else { continue }
                guard rereadable else {
                    XCTAssertNil(chunk.fileOffset)
                    continue
                }
                let offset = try XCTUnwrap(chunk.fileOffset)
                // A lone carriage return is read as a newline; every other byte is the file's.
                let expected = file[offset..<(offset + chunk.bytes.count)].map { $0 == 13 ? 10 : $0 }
                XCTAssertEqual(chunk.bytes.map { $0 == 13 ? 10 : $0 }, expected, "chunk at \(offset)")
                checked += 1
            }
            if rereadable { XCTAssertGreaterThan(checked, 40) }
        }
    }

    /// Every byte read is counted in some chunk, kept or skipped (the rest of an overlong line, a byte order mark):
    /// `--stats` throughput read 300 MB of overlong lines as 8 MB.
    func testEveryByteReadIsCountedKeptOrSkipped() throws {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for number in 1...60 {
            bytes += Array((number % 7 == 0 ? String(repeating: "o", count: 1_000 + number) : "line \(number)").utf8) + [0x0A]
        }
        bytes += Array(String(repeating: "z", count: 500).utf8)  // an overlong last line without newline
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chunk-reader-\(UUID().uuidString).log")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = ChunkReader(descriptor: open(url.path, O_RDONLY), ownsDescriptor: true, blockSize: 64, maxLineLength: 100)
        var counted = 0, kept = 0
        while let chunk = try reader.next() {
            counted += chunk.bytes.count + chunk.skippedBytes
            kept += chunk.bytes.count
        }
        XCTAssertEqual(counted, bytes.count)
        XCTAssertLessThan(kept, bytes.count / 2)
    }
}
