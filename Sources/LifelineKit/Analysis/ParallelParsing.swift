import Dispatch

/// Parses the chunks of one input on worker threads while the caller feeds earlier results to the timeline
/// engine, and hands results back strictly in input order.
///
/// Each chunk (the same chunks a sequential read makes) is cut at newlines into one piece per worker; the
/// caller feeds the pieces' results one after the other as the chunk's, so the engine sees exactly what
/// sequential parsing gives it. At most `limit` chunks are in flight, so memory stays flat whatever the
/// input's size.
///
/// Parsing is pure per line, except for the `--style json` assembler, whose state crosses lines and chunks.
/// A chunk that used it comes back marked (`ParsedChunk.usedJSONArray`), and the caller parses from there on
/// in order (`abandon()`).
final class ParallelChunkParser {
    /// One chunk on its way through the workers.
    private final class Job: @unchecked Sendable {
        let chunk: Chunk
        /// Each written by one worker before it leaves `done`, read by the caller only after waiting on it.
        let pieces: [Piece]
        let done = DispatchGroup()

        init(chunk: Chunk, pieces: Int) {
            self.chunk = chunk
            self.pieces = (0..<pieces).map { _ in Piece() }
        }
    }

    private final class Piece {
        var parsed = ParsedChunk()
    }

    /// One serial queue per worker, each parsing one piece of every chunk.
    private let workers: [DispatchQueue]
    /// Chunks in flight, oldest first.
    private var jobs: [Job] = []
    let limit: Int

    init(workers: Int, limit: Int) {
        self.workers = (0..<max(1, workers)).map { DispatchQueue(label: "lifeline.parse.\($0)", qos: .userInitiated) }
        self.limit = max(1, limit)
    }

    var isFull: Bool { jobs.count >= limit }

    func submit(_ chunk: Chunk) {
        let ranges = chunk.isOverlongLine ? [0..<chunk.bytes.count] : Self.split(chunk.bytes, into: workers.count)
        let job = Job(chunk: chunk, pieces: ranges.count)
        jobs.append(job)
        for (index, range) in ranges.enumerated() {
            job.done.enter()
            workers[index].async {
                var parser = ChunkParser()
                job.pieces[index].parsed = parser.parse(job.chunk, lines: range)
                job.done.leave()
            }
        }
    }

    /// The oldest chunk in flight and what its pieces parsed to, in order, once its workers are done with it.
    func next() -> (chunk: Chunk, pieces: [ParsedChunk])? {
        guard !jobs.isEmpty else { return nil }
        let job = jobs.removeFirst()
        job.done.wait()
        return (job.chunk, job.pieces.map(\.parsed))
    }

    /// Gives up the chunks still in flight, oldest first, for the caller to parse in order itself.
    func abandon() -> [Chunk] {
        defer { jobs.removeAll() }
        return jobs.map(\.chunk)
    }

    /// Cuts `bytes` into at most `count` ranges of whole lines of about equal size.
    private static func split(_ bytes: [UInt8], into count: Int) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { b in
            var ranges: [Range<Int>] = []
            var start = 0
            for piece in 1...count where start < b.count {
                var end = b.count
                let target = min(b.count, b.count * piece / count)
                if piece < count, let newline = b.firstIndex(of: ASCII.newline, in: target..<b.count) { end = newline + 1 }
                if end > start { ranges.append(start..<end) }
                start = end
            }
            return ranges.isEmpty ? [0..<0] : ranges
        }
    }
}
