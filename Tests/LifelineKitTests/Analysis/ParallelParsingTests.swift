import Foundation
import XCTest
@testable import LifelineKit

/// Parsing one input on several threads must change nothing: the same findings in the same order, the same
/// line numbers, unparseable lines and statistics as parsing it on the calling thread.
final class ParallelParsingTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Everything an analysis reports, in the order it reported it.
    private struct Outcome: Equatable {
        var findings: [String] = []
        var unparseable: [UnparseableLine] = []
        var statistics = TraceStatistics()
    }

    private func analyze(_ url: URL, parallelism: Int, blockSize: Int, customPatterns: CustomPatterns? = nil) throws -> Outcome {
        var options = AnalysisOptions()
        options.parallelism = parallelism
        options.customPatterns = customPatterns
        var analyzer = TraceAnalyzer(options: options)
        analyzer.blockSize = blockSize
        var outcome = Outcome()
        var observer = TraceAnalyzer.Observer { finding in
            outcome.findings.append("\(finding.line) \(finding.rule) \(finding.severity) \(finding.message) "
                                    + finding.evidence.map { "\($0.line):\($0.text)" }.joined(separator: "|"))
        }
        observer.unparseable = { outcome.unparseable.append($0) }
        outcome.statistics = try analyzer.analyze(.file(url.path), observer: observer)
        return outcome
    }

    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-\(UUID().uuidString)-\(name)")
    }

    private func generateTrace(size: String, seed: Int) throws -> URL {
        let url = temporaryFile("generated.log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.packageRoot.appendingPathComponent("Scripts/generate-trace").path,
                             "--size", size, "--seed", String(seed), "--out", url.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "Scripts/generate-trace ran")
        return url
    }

    func testGeneratedTraceParsesTheSameOnOneTwoAndThreeThreads() throws {
        let url = try generateTrace(size: "600K", seed: 5)
        defer { try? FileManager.default.removeItem(at: url); try? FileManager.default.removeItem(atPath: url.path + ".expected") }
        let blockSize = 16 << 10  // about 40 chunks, so many are in flight at once
        let sequential = try analyze(url, parallelism: 1, blockSize: blockSize)
        XCTAssertGreaterThan(sequential.statistics.lines, 5_000)
        XCTAssertGreaterThan(sequential.statistics.events, 1_000)
        XCTAssertFalse(sequential.findings.isEmpty, "the generated anomalies are found")
        for parallelism in [2, 3] {
            XCTAssertEqual(try analyze(url, parallelism: parallelism, blockSize: blockSize), sequential,
                           "parallelism \(parallelism)")
        }
        XCTAssertEqual(try analyze(url, parallelism: 2, blockSize: 4 << 20), sequential, "one chunk")
    }

    func testCustomPatternsParseTheSameOnOneTwoAndThreeThreads() throws {
        var text = ""
        for index in 0..<4_000 {
            let controller = "vc\(index % 7)"
            let lines = ["LC \(controller) viewWillAppear", "LC \(controller) viewDidAppear", "request \(index) done", "LC \(controller) viewWillAppear"]
            text += lines[index % 4] + "\n"
        }
        let url = temporaryFile("custom.log")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let patterns = try CustomPatterns([#"^LC (?<controller>\S+) (?<event>\w+)$"#])
        let blockSize = 2 << 10  // many chunks, parsed by every thread
        let sequential = try analyze(url, parallelism: 1, blockSize: blockSize, customPatterns: patterns)
        XCTAssertEqual(sequential.statistics.events, 3_000, "the pattern's lines are events")
        XCTAssertFalse(sequential.findings.isEmpty, "a second viewWillAppear while appeared is found")
        for parallelism in [2, 3] {
            XCTAssertEqual(try analyze(url, parallelism: parallelism, blockSize: blockSize, customPatterns: patterns), sequential,
                           "parallelism \(parallelism)")
        }
    }

    func testJSONStyleArrayAcrossChunksFallsBackToInOrderParsing() throws {
        let fixture = Self.packageRoot.appendingPathComponent("Tests/LifelineKitTests/Ingest/Fixtures/log-json.json")
        let cart = "<Shop.CartViewController: 0x7f8b2c41a200>"
        var text = ""
        for second in 0..<200 {
            text += String(format: "2024-03-04 10:%02d:%02d.000000+0100 Shop[4089:361037] ", second / 60, second % 60)
            text += second % 2 == 0 ? "\(cart) viewWillAppear(_:)\n" : "\(cart) viewDidAppear(_:)\n"
        }
        text += "caf\u{E9} \u{0}\n"  // an unparseable line before the array
        let bytes = Array(text.utf8) + Array(try Data(contentsOf: fixture)) + Array(("\n" + text).utf8)
        let url = temporaryFile("mixed.log")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let blockSize = 2 << 10  // the array spans several chunks
        let sequential = try analyze(url, parallelism: 1, blockSize: blockSize)
        XCTAssertGreaterThan(sequential.statistics.events, 400, "the array's records are events too")
        XCTAssertEqual(sequential.unparseable.count, 2)
        XCTAssertEqual(try analyze(url, parallelism: 2, blockSize: blockSize), sequential)
    }

    func testAReadErrorOnAWorkerReachesTheCaller() throws {
        let url = temporaryFile("truncated.log")
        try Data(String(repeating: "vc1 viewWillAppear\n", count: 100).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try TraceInput.file(url.path).reader(blockSize: 64, follow: false, writerPatience: 0, shouldStop: { false })
        XCTAssertNotNil(try reader.next())
        XCTAssertEqual(truncate(url.path, 10), 0)  // shorter than what was read: the next read fails
        let pool = ParallelChunkParser(reading: reader, shouldStop: { false }, workers: 1, limit: 2)
        defer { pool.close() }
        XCTAssertThrowsError(try pool.next()) { error in
            XCTAssertEqual(error as? IngestError, .truncatedWhileReading(64))
        }
        XCTAssertNil(try pool.next(), "thrown once; the input then ends")
    }

    func testChunksComeBackInOrderWhicheverThreadReadThem() throws {
        let lines = (1...2_000).map { "vc\($0 % 7) viewWillAppear line \($0)\n" }
        let url = temporaryFile("ordered.log")
        try Data(lines.joined().utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for workers in 1...3 {
            let reader = try TraceInput.file(url.path).reader(blockSize: 512, follow: false, writerPatience: 0, shouldStop: { false })
            let pool = ParallelChunkParser(reading: reader, shouldStop: { false }, workers: workers, limit: 2)
            var read = ""
            var chunks = 0
            while let (chunk, pieces) = try pool.next() {
                read += String(decoding: chunk.bytes, as: UTF8.self)
                chunks += 1
                XCTAssertEqual(pieces.reduce(0) { $0 + $1.lineCount }, chunk.bytes.filter { $0 == ASCII.newline }.count)
                pool.free(pieces, bytes: chunk.bytes)
            }
            pool.close()
            XCTAssertEqual(read, lines.joined(), "\(workers) workers")
            XCTAssertGreaterThan(chunks, 50)
        }
    }
}
