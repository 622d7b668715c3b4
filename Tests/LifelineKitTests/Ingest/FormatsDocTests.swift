import Foundation
import XCTest
@testable import LifelineKit

/// `docs/formats.md`'s table of prefixes: each sample line is read with the time, process, pid and thread its row
/// says, and its message is the description and callback every sample ends with.
final class FormatsDocTests: XCTestCase {
    func testEverySampleLineIsReadAsItsRowSays() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/formats.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = try XCTUnwrap(text.range(of: "<!-- formats:begin -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- formats:end -->"))
        let rows = text[begin.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2)
        XCTAssertEqual(rows.count, 9, "one row per source")
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(cells.count, 6, String(row))
            let sample = String(cells[1].dropFirst().dropLast())
            let read = try XCTUnwrap(Self.read(sample), sample)
            XCTAssertEqual(read.time, cells[2] == "—" ? nil : cells[2], sample)
            XCTAssertEqual(read.process, cells[3] == "—" ? nil : cells[3], sample)
            XCTAssertEqual(read.pid.map(String.init), cells[4] == "—" ? nil : cells[4], sample)
            let thread = cells[5] == "—" ? nil : cells[5].hasPrefix("0x") ? UInt64(cells[5].dropFirst(2), radix: 16) : UInt64(cells[5])
            XCTAssertEqual(read.tid, thread, sample)
            XCTAssertTrue(read.message.hasSuffix("<Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear animated=1")
                          || read.message == "<Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)", sample)
        }
    }

    private struct Read {
        var time: String?
        var process: String?
        var pid: Int32?
        var tid: UInt64?
        var message: String
    }

    /// The line as the classifier reads it; a device-syslog time without its year as `MM-DDTHH:MM:SS, year inferred`.
    private static func read(_ line: String) -> Read? {
        var copy = line
        return copy.withUTF8 { bytes -> Read? in
            switch LineClassifier.read(bytes) {
            case .prefixed(let prefix):
                var time = prefix.time?.iso8601
                if let yearless = prefix.yearless {
                    let second = yearless.secondOfDay
                    time = String(format: "%02d-%02dT%02d:%02d:%02d, year inferred", yearless.month, yearless.day,
                                  second / 3600, second / 60 % 60, second % 60)
                }
                return Read(time: time, process: prefix.process.map { bytes.string($0) }, pid: prefix.pid, tid: prefix.tid,
                            message: bytes.string(prefix.message))
            case .record(let record):
                return Read(time: record.time?.iso8601, process: record.process, pid: record.pid, tid: record.tid, message: record.message)
            case .structure, .unparseable:
                return nil
            }
        }
    }
}
