import Foundation

/// Reads the chunks of one input and parses them on worker threads while the caller feeds earlier results to the
/// timeline engine, and hands results back strictly in input order.
///
/// Each chunk (the same chunks a sequential read makes) is cut at newlines into pieces (`ChunkPieces`), which a
/// sequential read's parser ends wrapped messages at too. Workers take pieces
/// oldest first; so does the caller while it waits for the chunk it needs next, so neither side idles when the
/// engine is faster or slower than parsing. The caller feeds a chunk's pieces one after the other as the chunk's,
/// so the engine sees exactly what sequential parsing gives it. At most `limit` chunks are in flight, so memory
/// stays flat whatever the input's size.
///
/// Whichever thread has nothing to parse reads the next chunk, one at a time: mostly a worker, so the thread
/// that runs the engine (which every check waits for) does not, and the bytes are in the cache of the core
/// that parses them. A read error is thrown by `next()` once the chunks read before it are handed back.
///
/// Parsing is pure per line, except for the `--style json` assembler, whose state crosses lines and chunks.
/// A chunk that used it comes back marked (`ParsedChunk.usedJSONArray`), and the caller parses from there on
/// in order (`abandon()`).
final class ParallelChunkParser: @unchecked Sendable {
    /// One chunk on its way through the workers. Guarded by `condition`.
    private final class Job {
        let chunk: Chunk
        let pieces: [Range<Int>]
        var results: [ParsedChunk?]
        var remaining: Int

        init(chunk: Chunk, pieces: [Range<Int>]) {
            self.chunk = chunk
            self.pieces = pieces
            self.results = Array(repeating: nil, count: pieces.count)
            self.remaining = pieces.count
        }
    }

    private let condition = NSCondition()
    /// Read by one thread at a time (`reading`), never by the caller after `abandon()`.
    private let reader: ChunkReader
    private let shouldStop: () -> Bool
    /// Chunks in flight, oldest first.
    private var jobs: [Job] = []
    /// Pieces nobody has taken yet, oldest first.
    private var unclaimed: [(job: Job, piece: Int)] = []
    /// Parsed pieces the engine is done with, freed by the next worker to take a piece: releasing every event's
    /// names is work the thread that feeds the engine, the one a check waits on, is spared.
    private var done: [[ParsedChunk]] = []
    /// Buffers of chunks the engine is done with, handed to the reader before its next read (as many as it keeps).
    private var spares: [[UInt8]] = []
    /// A thread is reading; whether the reader is done (at the end, stopped, failed or abandoned); its error.
    private var reading = false
    private var readerDone = false
    private var readFailure: (any Error)?
    private var closed = false
    private var callerParser: ChunkParser
    let limit: Int

    /// Starts `workers` threads, which run until `close()`. Each parser has its own compilation of `appEvents`.
    init(reading reader: ChunkReader, shouldStop: @escaping () -> Bool, workers: Int, limit: Int, customPatterns: CustomPatterns? = nil,
         appEvents: AppEventPatterns? = nil) {
        self.reader = reader
        self.shouldStop = shouldStop
        self.limit = max(1, limit)
        callerParser = ChunkParser(customPatterns: customPatterns, appEvents: appEvents?.compiled())
        for index in 0..<max(1, workers) {
            let thread = Thread { [self] in
                work(ChunkParser(customPatterns: customPatterns, appEvents: appEvents?.compiled()))
            }
            thread.name = "lifeline.parse.\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// The oldest chunk in flight and what its pieces parsed to, in order; nil at the end of the input. Reads
    /// and parses itself while it waits. Throws the reader's error once every chunk read before it is handed back.
    func next() throws -> (chunk: Chunk, pieces: [ParsedChunk])? {
        condition.lock()
        defer { condition.unlock() }
        while jobs.isEmpty {
            if readerDone {
                if let failure = readFailure {
                    readFailure = nil
                    throw failure
                }
                return nil
            }
            if reading { condition.wait() } else { readChunk() }
        }
        let job = jobs.removeFirst()
        while job.remaining > 0 { helpOrWait(with: &callerParser) }
        return (job.chunk, job.results.map { $0! })
    }

    /// Hands back a chunk's pieces once the engine has taken them, for a worker to free, and its bytes, to be read
    /// into again.
    func free(_ pieces: consuming [ParsedChunk], bytes: consuming [UInt8]) {
        condition.lock()
        done.append(pieces)
        if spares.count < ChunkReader.spareLimit { spares.append(bytes) }
        if canRead { condition.signal() }
        condition.unlock()
    }

    /// Gives up the chunks in flight, oldest first, for the caller to parse in order itself, and stops reading:
    /// the caller reads the rest of the input from `reader`.
    func abandon() -> [Chunk] {
        condition.withLock {
            while reading { condition.wait() }
            readerDone = true
            defer {
                jobs.removeAll()
                unclaimed.removeAll()
            }
            return jobs.map(\.chunk)
        }
    }

    /// Stops the workers once they finish the piece or read in hand.
    func close() {
        condition.withLock {
            closed = true
            readerDone = true
            unclaimed.removeAll()
            condition.broadcast()
        }
    }

    /// Whether a thread may read the next chunk now. Called with the lock held.
    private var canRead: Bool { !reading && !readerDone && jobs.count < limit }

    /// Reads the next chunk and cuts it into pieces for the workers, releasing the lock meanwhile. Called with
    /// the lock held, when `canRead`.
    private func readChunk() {
        reading = true
        let recycled = spares
        spares.removeAll()
        condition.unlock()
        for bytes in recycled { reader.recycle(bytes) }
        let read = Result { try reader.next(shouldStop: shouldStop) }
        let pieces: [Range<Int>]? = if case .success(let chunk?) = read { ChunkPieces.of(chunk) } else { nil }
        condition.lock()
        reading = false
        switch read {
        case .success(let chunk?):
            let job = Job(chunk: chunk, pieces: pieces!)
            jobs.append(job)
            unclaimed += job.pieces.indices.map { (job, $0) }
        case .success(nil):
            readerDone = true
        case .failure(let error):
            readerDone = true
            readFailure = error
        }
        condition.broadcast()
    }

    private func work(_ parser: ChunkParser) {
        var parser = parser
        condition.lock()
        while true {
            if closed { break }
            if !done.isEmpty {
                let freed = done
                done.removeAll()
                condition.unlock()
                _ = consume freed  // released here, outside the lock
                condition.lock()
                continue
            }
            helpOrWait(with: &parser)
        }
        condition.unlock()
    }

    /// Does the most urgent work there is, or waits for some: parses the oldest unclaimed piece, else reads the next
    /// chunk, else waits. Called with the lock held, by the workers and by the caller waiting for its chunk.
    private func helpOrWait(with parser: inout ChunkParser) {
        if !unclaimed.isEmpty {
            parseUnclaimedPiece(with: &parser)
        } else if canRead {
            readChunk()
        } else {
            condition.wait()
        }
    }

    /// Takes the oldest unclaimed piece and parses it, releasing the lock meanwhile. Called with the lock held
    /// and `unclaimed` not empty; wakes the waiters when the piece completes its chunk.
    private func parseUnclaimedPiece(with parser: inout ChunkParser) {
        let (job, piece) = unclaimed.removeFirst()
        condition.unlock()
        let parsed = parser.parse(job.chunk, piece: job.pieces[piece])
        if parser.isInsideJSONArray { parser = parser.restarted() }  // the result is abandoned; start the next piece clean
        condition.lock()
        job.results[piece] = parsed
        job.remaining -= 1
        if job.remaining == 0 { condition.broadcast() }
    }
}
