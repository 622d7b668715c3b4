import XCTest
@testable import LifelineKit

/// One test per input format (README.md, "Input formats"), on lines shaped as each tool prints them.
final class LineClassifierTests: XCTestCase {
    private struct Read: Equatable {
        var format: LinePrefix.Format?
        var time: String?
        var process: String?
        var pid: Int32?
        var tid: UInt64?
        var message: String
    }

    private func read(_ line: String) -> Read? {
        var copy = line
        return copy.withUTF8 { bytes -> Read? in
            switch LineClassifier.read(bytes) {
            case .prefixed(let prefix):
                return Read(format: prefix.format, time: prefix.time?.iso8601, process: prefix.process.map { bytes.string($0) },
                            pid: prefix.pid, tid: prefix.tid, message: bytes.string(prefix.message))
            case .record(let record):
                return Read(format: nil, time: record.time?.iso8601, process: record.process, pid: record.pid, tid: record.tid,
                            message: record.message)
            case .structure, .unparseable:
                return nil
            }
        }
    }

    private func reason(_ line: String) -> String? {
        var copy = line
        return copy.withUTF8 { bytes in
            if case .unparseable(let reason) = LineClassifier.read(bytes) { return reason }
            return nil
        }
    }

    func testADatedPrefixBehindBlanksOrAToolsTagIsRead() {
        let indented = read(" 2016-01-14 17:03:09.567 JamWDev[515:151263] -[DetailViewController dealloc]")
        XCTAssertEqual(indented?.format, .nslog)
        XCTAssertEqual(indented?.process, "JamWDev")
        XCTAssertEqual(indented?.message, "-[DetailViewController dealloc]")
        let tagged = read("dbug: [02:37:45.4429530] 2026-07-23 02:37:45.442630-0700 Shop.Tests[7357:51117] vc1 viewDidLoad")
        XCTAssertEqual(tagged?.format, .nslog)
        XCTAssertEqual(tagged?.pid, 7357)
        XCTAssertEqual(tagged?.time, "2026-07-23T09:37:45.442630Z")
        XCTAssertEqual(tagged?.message, "vc1 viewDidLoad")
        XCTAssertEqual(read("Release notes 2026-07-23 are out")?.format, .plain, "a date in prose without a process is not a prefix")
        XCTAssertEqual(read("Release notes 2026-07-23 are out")?.message, "Release notes 2026-07-23 are out")
    }

    /// Loggers set to a short prefix print the time of day alone, bare or in brackets, or a bracketed ISO time.
    func testATimeOfDayAloneOrABracketedTimeIsTheLinesTime() {
        XCTAssertEqual(read("10:49:46.694 HomeVC viewDidLoad"),
                       Read(format: .plain, time: "2001-01-01T10:49:46.694000", message: "HomeVC viewDidLoad"))
        XCTAssertEqual(read("[10:49:46] HomeVC viewWillAppear"),
                       Read(format: .plain, time: "2001-01-01T10:49:46.000000", message: "HomeVC viewWillAppear"))
        XCTAssertEqual(read("[2024-03-01T10:49:46.694Z] [INFO] HomeVC deinit"),
                       Read(format: .plain, time: "2024-03-01T10:49:46.694000Z", message: "[INFO] HomeVC deinit"))
        XCTAssertEqual(read("10:49 HomeVC viewDidLoad")?.time, nil, "hours and minutes are no time of a line")
        XCTAssertEqual(read("25:49:46 HomeVC viewDidLoad")?.time, nil, "not a time of day")
        XCTAssertEqual(read("10:49:46:694 HomeVC viewDidLoad")?.time, nil, "not followed by a blank")
        XCTAssertEqual(read("[10:49:46.694 HomeVC viewDidLoad")?.time, nil, "an unclosed bracket")
        XCTAssertEqual(read("[1] HomeVC viewDidLoad")?.message, "[1] HomeVC viewDidLoad")
    }

    /// CocoaLumberjack's console and file loggers: milliseconds after a colon, and slashes in the file logger's date.
    func testCocoaLumberjackTimes() {
        XCTAssertEqual(read("2024-03-01 10:49:46:694 Shop[4089:361037] HomeVC viewWillAppear"),
                       Read(format: .nslog, time: "2024-03-01T10:49:46.694000", process: "Shop", pid: 4089, tid: 361_037,
                            message: "HomeVC viewWillAppear"))
        XCTAssertEqual(read("2024/03/01 10:49:46:894  HomeVC viewDidAppear")?.time, "2024-03-01T10:49:46.894000")
        XCTAssertEqual(read("2024/03/01 10:49:46:894  HomeVC viewDidAppear")?.message, "HomeVC viewDidAppear")
        XCTAssertEqual(read("2024-03-01 10:49:46:69 Shop[4089:361037] x")?.time, "2024-03-01T10:49:46.000000",
                       "two digits after the colon are no milliseconds")
    }

    func testNSLogMillisecondsWithoutZone() {
        XCTAssertEqual(read("2016-04-27 10:49:46.694 TestMe[67943:4951489] vc1 viewWillAppear"),
                       Read(format: .nslog, time: "2016-04-27T10:49:46.694000", process: "TestMe", pid: 67943, tid: 4_951_489,
                            message: "vc1 viewWillAppear"))
    }

    func testNSLogMicrosecondsWithOffsetAndDottedProcess() {
        XCTAssertEqual(read("2019-02-11 12:05:23.685430+0000 AppLifecycleTutorial.iOS[4089:361037] -[ProfileViewController viewWillAppear:]"),
                       Read(format: .nslog, time: "2019-02-11T12:05:23.685430Z", process: "AppLifecycleTutorial.iOS", pid: 4089,
                            tid: 361_037, message: "-[ProfileViewController viewWillAppear:]"))
    }

    func testNSLogProcessWithSpaces() {
        XCTAssertEqual(read("2016-04-27 10:49:46.694 My Shop[1:2] hello")?.process, "My Shop")
    }

    func testUnifiedDefaultStyleConvertsOffsetToUTCAndStripsSenderAndSubsystem() {
        let line = "2024-03-01 10:49:46.701552-0800 0x4b8a41   Default     0x0                  67943  0    Shop: (UIKitCore) [com.example.shop:lifecycle] <Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()"
        XCTAssertEqual(read(line), Read(format: .unifiedDefault, time: "2024-03-01T18:49:46.701552Z", process: "Shop", pid: 67943,
                                        tid: 0x4b8a41, message: "<Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()"))
    }

    func testUnifiedDefaultWithoutTTLColumnAndSpacedProcess() {
        XCTAssertEqual(read("2017-12-07 18:33:56.230481+0800 0x1daa15   Activity    0x80000000000ab54b   48240  TestMe: (UIKit) send gesture actions")?.message,
                       "send gesture actions")
        XCTAssertEqual(read("2024-03-01 10:49:46.706118-0800 0x4b8a41   Default     0x0                  67944  0    My Shop: [a.b:c] x viewDidAppear(_:)")?.process,
                       "My Shop")
    }

    func testCompactStyleHexThreadAndTypeColumn() {
        XCTAssertEqual(read("2024-03-01 10:49:46.715 E  Shop[67943:4b8a9c] [com.apple.CFNetwork:Default] Task failed"),
                       Read(format: .compact, time: "2024-03-01T10:49:46.715000", process: "Shop", pid: 67943, tid: 0x4b8a9c,
                            message: "Task failed"))
    }

    func testSyslogStyle() {
        XCTAssertEqual(read("2024-03-01 10:49:46.702010-0800  localhost Shop[67943]: [com.example.shop:lifecycle] <Shop.CartViewController: 0x7f01> viewWillAppear(_:)"),
                       Read(format: .unifiedSyslog, time: "2024-03-01T18:49:46.702010Z", process: "Shop", pid: 67943, tid: nil,
                            message: "<Shop.CartViewController: 0x7f01> viewWillAppear(_:)"))
    }

    func testDeviceSyslogBothVariants() {
        let old = read("Apr 27 10:49:46 iPhone Shop(UIKitCore)[67943] <Notice>: Will add backgroundTask")
        XCTAssertEqual(old?.format, .deviceSyslog)
        XCTAssertEqual(old?.process, "Shop")
        XCTAssertEqual(old?.pid, 67943)
        XCTAssertEqual(old?.message, "Will add backgroundTask")
        let new = read("May  3 08:05:02 Shop[68011] <Debug>: <Shop.CartViewController: 0x10be0a200> viewWillDisappear(_:)")
        XCTAssertEqual(new?.process, "Shop")
        XCTAssertEqual(new?.message, "<Shop.CartViewController: 0x10be0a200> viewWillDisappear(_:)")
    }

    func testNDJSONRecord() {
        let line = #"{"eventMessage":"<Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()","threadID":4950593,"processImagePath":"/x/Shop.app/Shop","timestamp":"2024-03-01 10:49:46.701552-0800","processID":67943}"#
        XCTAssertEqual(read(line), Read(format: nil, time: "2024-03-01T18:49:46.701552Z", process: "Shop", pid: 67943, tid: 4_950_593,
                                        message: "<Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()"))
    }

    func testISO8601TimestampThenMessage() {
        XCTAssertEqual(read("2016-04-27T10:49:46.694Z vc1 viewDidAppear"),
                       Read(format: .plain, time: "2016-04-27T10:49:46.694000Z", process: nil, pid: nil, tid: nil, message: "vc1 viewDidAppear"))
        XCTAssertEqual(read("2016-04-27T10:49:46+02:00 x")?.time, "2016-04-27T08:49:46.000000Z")
    }

    func testPlainPrintLineHasNoPrefix() {
        XCTAssertEqual(read("<Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)"),
                       Read(format: .plain, time: nil, process: nil, pid: nil, tid: nil,
                            message: "<Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)"))
        XCTAssertEqual(read("Thread started: <Thread Pool> #4")?.format, .plain)
        XCTAssertEqual(read("")?.message, "")
    }

    func testUnparseableLinesSayWhy() {
        XCTAssertEqual(reason("2016-13-45 10:00:00.000 X[1:2] y"), "invalid date 2016-13-45")
        XCTAssertEqual(reason("2016-04-27 25:00:00.000 X[1:2] y"), "invalid time of day")
        XCTAssertEqual(reason("{\"eventMessage\": oops}"), "invalid JSON")
        XCTAssertEqual(reason("bad \u{0} byte"), "contains a NUL byte")
        var invalid: [UInt8] = Array("ok ".utf8) + [0xC0, 0xAF]
        let result = invalid.withUnsafeMutableBufferPointer { LineClassifier.read(UnsafeBufferPointer($0)) }
        guard case .unparseable(let why) = result else { return XCTFail("invalid UTF-8 accepted") }
        XCTAssertEqual(why, "invalid UTF-8")
    }

    /// The eight-bytes-at-a-time scan must find a NUL or a bad byte wherever it sits, and pass valid non-ASCII text.
    func testProblemsAreFoundAtAnyOffset() {
        func problem(_ bytes: [UInt8]) -> String? { bytes.withUnsafeBufferPointer { UTF8Check.problem(in: $0) } }
        let ascii = Array("2016-04-27 10:49:46.694 TestMe[67943:4951489] vc1 viewDidLoad".utf8)
        XCTAssertNil(problem(ascii))
        XCTAssertNil(problem(ascii + Array(" Café 日本語 🚀".utf8)))
        for offset in 0..<ascii.count {
            var withNUL = ascii
            withNUL[offset] = 0
            XCTAssertEqual(problem(withNUL), "contains a NUL byte", "NUL at \(offset)")
            var withBadByte = ascii
            withBadByte[offset] = 0xFF
            XCTAssertEqual(problem(withBadByte), "invalid UTF-8", "0xFF at \(offset)")
        }
        XCTAssertEqual(problem(Array("invalid first".utf8) + [0xC0, 0xAF] + Array(" then a NUL".utf8) + [0]), "contains a NUL byte")
    }

    func testUTF8Validation() {
        func valid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) } }
        XCTAssertTrue(valid(Array("Café 日本語 🚀 plain ascii text longer than eight".utf8)))
        XCTAssertFalse(valid([0x80]))
        XCTAssertFalse(valid([0xE2, 0x82]))          // truncated
        XCTAssertFalse(valid([0xED, 0xA0, 0x80]))    // surrogate
        XCTAssertFalse(valid([0xF4, 0x90, 0x80, 0x80]))  // above U+10FFFF
        XCTAssertFalse(valid([0xFF]))
    }
}
