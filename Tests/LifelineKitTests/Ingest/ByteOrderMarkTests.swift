import XCTest
@testable import LifelineKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A UTF-8 byte order mark at the start of a file (Visual Studio, Notepad, Xamarin tools write one) is not part
/// of the first line, in any format: the trace reads exactly as it does without it.
final class ByteOrderMarkTests: XCTestCase {
    private static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private func assertSameWithMark(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let plain = try TraceFixture.analyze(text)
        let marked = try TraceFixture.analyze(bytes: Self.mark + Array(text.utf8))
        XCTAssertGreaterThan(plain.statistics.events, 0, file: file, line: line)
        XCTAssertEqual(marked.statistics.events, plain.statistics.events, "events", file: file, line: line)
        XCTAssertEqual(marked.statistics.controllers, plain.statistics.controllers, "controllers", file: file, line: line)
        XCTAssertEqual(marked.unparseable, plain.unparseable, file: file, line: line)
        let describe = { (finding: Finding) in "\(finding.line) \(finding.rule) \(finding.message) \(String(describing: finding.time))" }
        XCTAssertEqual(marked.findings.map(describe), plain.findings.map(describe), file: file, line: line)
        XCTAssertFalse(plain.findings.isEmpty, file: file, line: line)
        XCTAssertEqual(marked.findings.flatMap(\.evidence).map(\.text), plain.findings.flatMap(\.evidence).map(\.text),
                       "evidence read back from the file", file: file, line: line)
    }

    func testTheFirstNSLogLineKeepsItsPrefix() throws {
        try assertSameWithMark("""
        2016-04-27 10:49:46.694 TestMe[67943:4951489] <Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)
        2016-04-27 10:49:46.900 TestMe[67943:4951489] <Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)
        2016-04-27 10:49:47.000 TestMe[67943:4951489] <Shop.CartViewController: 0x7fa1c8d0a200> viewDidAppear(_:)

        """)
    }

    func testTheFirstNDJSONObjectIsRead() throws {
        let record = { (message: String, time: String) in
            #"{"eventMessage":"<Shop.CartViewController: 0x7fa1c8d0a200> \#(message)","threadID":4950593,"processImagePath":"/x/Shop.app/Shop","timestamp":"2024-03-01 10:49:\#(time)-0800","processID":67943}"#
        }
        try assertSameWithMark([record("viewWillAppear(_:)", "46.701552"), record("viewWillAppear(_:)", "46.801552"),
                                record("viewDidAppear(_:)", "46.901552")].joined(separator: "\n") + "\n")
    }

    /// A mark that arrives a byte at a time (a pipe) is still dropped, and the file's first chunk says it starts
    /// after it (evidence is read back from there).
    func testAMarkSplitAcrossReadsIsDropped() throws {
        let text = "vc1 viewDidLoad\nvc1 viewWillAppear\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString).log")
        try Data(Self.mark + Array(text.utf8)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        let reader = ChunkReader(descriptor: descriptor, ownsDescriptor: true, blockSize: 1, rereadable: true)
        var read: [UInt8] = []
        var offsets: [Int?] = []
        while let chunk = try reader.next() {
            read += chunk.bytes
            offsets.append(chunk.fileOffset)
        }
        XCTAssertEqual(String(decoding: read, as: UTF8.self), text)
        XCTAssertEqual(offsets.first, 3)
    }

    func testAMarkLaterInTheFileIsLeftAlone() throws {
        let bytes = Array("vc1 viewDidLoad\n".utf8) + Self.mark + Array("x\n".utf8)
        let outcome = try TraceFixture.analyze(bytes: bytes)
        XCTAssertEqual(outcome.statistics.lines, 2)
    }
}
