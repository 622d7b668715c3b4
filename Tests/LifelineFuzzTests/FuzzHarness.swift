import Foundation
@testable import LifelineKit

/// Runs one input through the engine the ways a user can, and renders what each run reports, so runs can be
/// compared byte for byte.
enum FuzzHarness {
    /// What a run reported: its statistics, its findings as text and JSON, its unparseable lines.
    struct Outcome: Equatable {
        var statistics: TraceStatistics
        var text: String
        var json: String
        var unparseable: [UnparseableLine]
        /// Each finding as a text line, in output order.
        var findings: [String]

        /// Whether a run that followed the input agrees with this one, read from a file: the same counts and
        /// findings, except that following may report a `not-deallocated` leak the file does not. It judges a
        /// leak once trace time passes the timeout, so a controller removed and later shown again (re-pushed, or
        /// lines out of order) is a leak when following and not at the end of the file. It never misses one.
        func agrees(withFollowed followed: Outcome) -> Bool {
            let leak = "[not-deallocated]"
            return followed.statistics == statistics && followed.unparseable == unparseable
                && followed.findings.filter { !$0.contains(leak) } == findings.filter { !$0.contains(leak) }
                && Set(findings.filter { $0.contains(leak) }).isSubset(of: followed.findings)
        }
    }

    /// How a run reads its input.
    struct Reading: CustomStringConvertible {
        var parallelism = 1
        var blockSize = 256 << 10
        /// `--follow` over a pipe the bytes are written to in pieces of at most this many bytes (nil: a file).
        var followedPipePiece: Int?

        var description: String {
            "parallelism \(parallelism), block \(blockSize)" + (followedPipePiece.map { ", followed pipe in pieces of \($0)" } ?? "")
        }
    }

    /// The number of lines in `bytes` counted independently of the engine: newline-terminated lines, plus a last
    /// line without one.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (bytes.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
    }

    /// Whether `bytes` hold a carriage return that does not end a CRLF line (a line break to some readers).
    static func hasLoneCarriageReturn(_ bytes: [UInt8]) -> Bool {
        bytes.indices.contains { bytes[$0] == 0x0D && ($0 + 1 == bytes.count || bytes[$0 + 1] != 0x0A) }
    }

    static func analyze(_ bytes: [UInt8], file: URL, reading: Reading) throws -> Outcome {
        var options = AnalysisOptions()
        options.parallelism = reading.parallelism
        options.follow = reading.followedPipePiece != nil
        var analyzer = TraceAnalyzer(options: options)
        analyzer.blockSize = reading.blockSize
        var findings: [Finding] = []
        var unparseable: [UnparseableLine] = []
        var observer = TraceAnalyzer.Observer { finding in
            var named = finding
            named.file = "trace"  // the same name whichever way it was read
            findings.append(named)
        }
        observer.unparseable = { unparseable.append($0) }
        let statistics: TraceStatistics
        if let piece = reading.followedPipePiece {
            statistics = try analyzeFollowingPipe(bytes, piece: piece, analyzer: analyzer, observer: observer)
        } else {
            statistics = try analyzer.analyze(.file(file.path), observer: observer)
        }
        let sorted = Finding.sortedForOutput(findings)
        let result = AuditResult(files: [FileSummary(path: "trace", statistics: statistics)], findings: sorted)
        return Outcome(statistics: statistics, text: TextReporter().render(result), json: JSONReporter(pretty: false).render(result),
                       unparseable: unparseable, findings: sorted.map(TextReporter().line(for:)))
    }

    /// Writes `bytes` into a pipe from another thread, `piece` bytes at a time, while the analyzer follows it.
    private static func analyzeFollowingPipe(_ bytes: [UInt8], piece: Int, analyzer: TraceAnalyzer,
                                             observer: TraceAnalyzer.Observer) throws -> TraceStatistics {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
        let writeEnd = descriptors[1]
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let count = min(piece, bytes.count - offset)
                let written = bytes[offset..<(offset + count)].withUnsafeBytes { write(writeEnd, $0.baseAddress, count) }
                if written <= 0 { break }
                offset += written
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(descriptors[0]) }
        return try analyzer.analyze(.file("/dev/fd/\(descriptors[0])"), observer: observer)
    }

    /// Runs `body` on its own thread and waits at most `seconds` for it: a hang fails the case instead of the run.
    static func withinDeadline<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () throws -> T) -> Result<T, Error>? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.set(Result { try body() })
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.get()
    }

    /// Keeps a failing case where it can be run again by hand.
    static func keep(_ bytes: [UInt8], named name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-fuzz-failures")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name + ".log")
        try? Data(bytes).write(to: url)
        return url.path
    }
}

/// A result handed from a worker thread to the waiting one.
private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, Error>?

    func set(_ result: Result<T, Error>) { lock.withLock { value = result } }
    func get() -> Result<T, Error>? { lock.withLock { value } }
}
