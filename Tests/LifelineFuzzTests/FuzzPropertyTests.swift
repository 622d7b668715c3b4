import Foundation
import XCTest
@testable import LifelineKit

/// Mutates every sample trace and real-log fixture with a fixed seed and checks, for each mutated log, what must
/// hold for any input: the run ends (no crash, no hang), every line is counted exactly once, the output is the
/// same on a second run, with parallel parsing, with any chunk size, and when following a pipe.
///
/// `Scripts/fuzz SECONDS SEED` runs the same properties for longer, with any seed (`LIFELINE_FUZZ_*` below).
final class FuzzPropertyTests: XCTestCase {
    /// Cases run inside `swift test`; the campaign of `Scripts/fuzz` sets its own through the environment.
    private static let defaultIterations = 600
    private static let defaultSeed: UInt64 = 0x11FE_11E5
    /// Seconds one case may take before it counts as hung (a case takes milliseconds).
    private static let patience = 30.0

    private var environment: [String: String] { ProcessInfo.processInfo.environment }
    private var seed: UInt64 { environment["LIFELINE_FUZZ_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed }
    private var iterations: Int { environment["LIFELINE_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? Self.defaultIterations }
    /// A time budget: when set, cases run until it is spent, however many that is.
    private var budget: Double? { environment["LIFELINE_FUZZ_SECONDS"].flatMap { Double($0) } }

    func testMutatedTracesKeepEveryProperty() throws {
        let corpus = try FuzzCorpus.load()
        XCTAssertGreaterThan(corpus.count, 40, "the sample traces and real-log fixtures are found")
        let started = Date()
        var cases = 0, lines = 0, failures = 0
        while budget.map({ Date().timeIntervalSince(started) < $0 }) ?? (cases < iterations) {
            let fuzzCase = FuzzCase(seed: seed &+ UInt64(cases), corpus: corpus)
            cases += 1
            lines += FuzzHarness.lineCount(fuzzCase.bytes)
            if !check(fuzzCase) { failures += 1 }
            if failures >= 5 { break }  // enough to go on; the rest would repeat them
        }
        print("fuzz: \(cases) cases from seed \(seed), \(lines) lines, \(failures) failing, in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    /// The unmutated corpus read from a file and followed through a pipe gives the same findings and counts.
    func testFollowingAPipeReportsWhatReadingTheFileReports() throws {
        for entry in try FuzzCorpus.load() {
            let url = try temporaryFile(entry.bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            let read = try FuzzHarness.analyze(entry.bytes, file: url, reading: .init())
            let followed = try FuzzHarness.analyze(entry.bytes, file: url, reading: .init(followedPipePiece: 1 << 16))
            XCTAssertEqual(followed, read, entry.name)
        }
    }

    /// A leak found only once its class first logs a dealloc, after the timeout passed: reported when following
    /// too (it was lost when the time passed before that dealloc arrived).
    func testFollowingReportsALeakWhoseClassLogsDeallocOnlyAfterTheTimeout() throws {
        let cart = "<Shop.CartViewController: 0x7f01>", other = "<Shop.CartViewController: 0x7f02>"
        let trace = """
            2016-04-27 10:55:00.000 Shop[1:1] \(cart) didMove(toParent:) nil
            2016-04-27 10:55:04.000 Shop[1:1] \(other) deinit
            2016-04-27 10:55:09.000 Shop[1:1] [Network] done

            """
        let bytes = Array(trace.utf8)
        let url = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        for piece in [1 << 16, 40] {
            let followed = try FuzzHarness.analyze(bytes, file: url, reading: .init(followedPipePiece: piece))
            XCTAssertTrue(followed.text.contains("trace:1: warning: [not-deallocated] \(cart) not deallocated"), followed.text)
            XCTAssertEqual(followed, try FuzzHarness.analyze(bytes, file: url, reading: .init()))
        }
    }

    /// Found by `Scripts/fuzz` (seed 323 from 7): a removal logged after a line whose clock was a month ahead is
    /// past the timeout at the end, but the clock never moved again to judge it while following.
    func testFollowingReportsALeakRemovedAfterTheClockJumpedAhead() throws {
        let cart = "<Shop.CartViewController: 0x7f01>", other = "<Shop.CartViewController: 0x7f02>"
        let trace = """
            2016-04-27 10:55:00.000 Shop[1:1] \(other) deinit
            2016-05-27 10:55:00.000 Shop[1:1] <Shop.CartViewController: 0x7f03> viewDidLoad()
            2016-04-27 10:55:01.000 Shop[1:1] \(cart) didMove(toParent:) nil

            """
        let bytes = Array(trace.utf8)
        let url = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try FuzzHarness.analyze(bytes, file: url, reading: .init())
        XCTAssertTrue(read.text.contains("trace:3: warning: [not-deallocated]"), read.text)
        XCTAssertEqual(try FuzzHarness.analyze(bytes, file: url, reading: .init(followedPipePiece: 1 << 16)), read)
    }

    /// Checks every property on one case; returns whether all held.
    private func check(_ fuzzCase: FuzzCase) -> Bool {
        let bytes = fuzzCase.bytes
        var random = SeededGenerator(seed: fuzzCase.seed ^ 0x5EED)
        let block = [64, 333, 4096, 256 << 10].randomElement(using: &random) ?? 4096
        let piece = [1, 17, 512, 1 << 16].randomElement(using: &random) ?? 512
        let readings: [FuzzHarness.Reading] = [.init(blockSize: block), .init(blockSize: block), .init(parallelism: 3, blockSize: block),
                                               .init(blockSize: block, followedPipePiece: piece)]
        let run = FuzzHarness.withinDeadline(Self.patience) { () throws -> [FuzzHarness.Outcome] in
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-fuzz-\(fuzzCase.seed)-\(UUID().uuidString).log")
            try Data(bytes).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            return try readings.map { try FuzzHarness.analyze(bytes, file: url, reading: $0) }
        }
        func fail(_ what: String) -> Bool {
            let kept = FuzzHarness.keep(bytes, named: "seed-\(fuzzCase.seed)")
            XCTFail("\(fuzzCase.description) (block \(block), pipe pieces \(piece)): \(what); input kept at \(kept)")
            return false
        }
        guard let run else { return fail("no result after \(Self.patience) s: hung") }
        guard case .success(let outcomes) = run else { return fail("threw \(run)") }
        let first = outcomes[0], statistics = first.statistics
        if statistics.events + statistics.otherLines + statistics.unparseableLines != statistics.lines {
            return fail("lines not accounted for: \(statistics.events) events + \(statistics.otherLines) other + \(statistics.unparseableLines) unparseable != \(statistics.lines) lines")
        }
        if !FuzzHarness.hasLoneCarriageReturn(bytes), statistics.lines != FuzzHarness.lineCount(bytes) {
            return fail("\(statistics.lines) lines counted, the input has \(FuzzHarness.lineCount(bytes))")
        }
        if statistics.bytes != bytes.count { return fail("\(statistics.bytes) bytes counted of \(bytes.count)") }
        for (reading, outcome) in zip(readings, outcomes).dropFirst() {
            let agrees = reading.followedPipePiece == nil ? outcome == first : first.agrees(withFollowed: outcome)
            if !agrees { return fail("\(reading) differs from \(readings[0]):\n\(difference(first, outcome))") }
        }
        return true
    }

    private func difference(_ a: FuzzHarness.Outcome, _ b: FuzzHarness.Outcome) -> String {
        if a.statistics != b.statistics { return "statistics \(a.statistics) vs \(b.statistics)" }
        if a.text != b.text { return "--- first\n\(a.text)--- other\n\(b.text)" }
        if a.unparseable != b.unparseable { return "unparseable \(a.unparseable) vs \(b.unparseable)" }
        return "JSON differs"
    }

    private func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-fuzz-\(UUID().uuidString).log")
        try Data(bytes).write(to: url)
        return url
    }
}
