#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of whole lines read from an input in one go. The last chunk of an input may end without a newline.
struct Chunk: Sendable {
    var bytes: [UInt8]
    /// The chunk is the first `maxLineLength` bytes of a single overlong line, the rest of which was skipped.
    var isOverlongLine = false
    /// A followed file was truncated or replaced: this chunk is empty, and the next one starts at its first line.
    var startsOver: InputRestart?
    /// Where the chunk's first byte is in its file, when the file can be read there again (`ChunkReader.rereadable`).
    var fileOffset: Int?
    /// Bytes read before this chunk but in none (the rest of overlong lines, a byte order mark): `--stats`
    /// throughput counts every byte read.
    var skippedBytes = 0
}

/// Why a followed file is read again from its start (as `tail -f` does).
public enum InputRestart: Sendable, Equatable {
    /// The file shrank (`> file`, `truncate`, copy-and-truncate rotation).
    case truncated
    /// Another file took its name (rotation by rename and create).
    case replaced
}

/// Reads a file descriptor in large blocks and cuts them at line boundaries. Memory stays bounded by the
/// block size plus the longest line kept (`maxLineLength`); longer lines are cut and reported.
///
/// Following a file (`followedPath`), it notices truncation and rotation like `tail -F`: the bytes of a last,
/// unfinished line are handed over as a line, and reading starts again at the start of the file now there.
final class ChunkReader {
    private var descriptor: Int32
    /// Whether `descriptor` is closed by this reader (it opened it, or was given it to own).
    private var ownsDescriptor: Bool
    private let blockSize: Int
    private let maxLineLength: Int
    /// Keep reading at end of file, like `tail -f`.
    private let follow: Bool
    /// The path of a followed file, checked for truncation and replacement at its end.
    private let followedPath: String?
    private var pending: [UInt8] = []
    private var skippingOverlongLine = false
    /// Bytes read and dropped since the last chunk handed out (`Chunk.skippedBytes`).
    private var skipped = 0
    private var atEnd = false
    /// Reading ended because `shouldStop` said so (Ctrl-C, a signal), not at the end of the input.
    private var stopped = false
    /// Bytes read from `descriptor` so far (a file shorter than this was truncated).
    private var offset = 0
    /// Chunks say where they are in the file (`Chunk.fileOffset`): a regular file opened here, read once from its start.
    let rereadable: Bool
    /// The first bytes have been checked for binary content.
    private var contentChecked = false
    /// The start of the input (or of the file a followed one starts over with) has been checked for a byte order mark.
    private var startChecked = false
    /// The input starts over: the next chunk says so.
    private var restart: InputRestart?
    /// Buffers of chunks the caller is done with (`recycle(_:)`), read into again: a buffer allocated for each chunk
    /// is often returned to the system when freed, and its pages are faulted in and zeroed anew on the next read.
    private var spares: [[UInt8]] = []
    /// At most this many freed buffers wait to be read into again (parallel parsing holds as many in flight).
    static let spareLimit = 2

    init(descriptor: Int32, ownsDescriptor: Bool = false, leading: [UInt8] = [], blockSize: Int = 4 << 20,
         maxLineLength: Int = 8 << 20, follow: Bool = false, followedPath: String? = nil, rereadable: Bool = false) {
        self.rereadable = rereadable && !follow && leading.isEmpty
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.pending = leading
        self.blockSize = blockSize
        self.maxLineLength = maxLineLength
        self.follow = follow
        self.followedPath = follow ? followedPath : nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next chunk, or nil at the end of the input. A chunk holds whatever whole lines one `read` completed,
    /// so a line written to a pipe is handed over as soon as it arrives. When following a file, waits for it to
    /// grow until `shouldStop`.
    func next(shouldStop: () -> Bool = { false }) throws -> Chunk? {
        while !atEnd {
            if let reason = restart {  // said at once, before any line of the new content
                restart = nil
                return Chunk(bytes: [], startsOver: reason)
            }
            let read = try readBlock(shouldStop: shouldStop)
            guard case .bytes(var block) = read else {
                if case .restarted(let reason, let unfinished) = read {
                    skippingOverlongLine = false
                    restart = reason  // after the old file's unfinished line, if any
                    if !unfinished.isEmpty { return Chunk(bytes: unfinished) }
                    continue
                }
                atEnd = true
                break
            }
            if skippingOverlongLine {
                guard let newline = block.firstIndex(of: ASCII.newline) else {
                    skipped += block.count
                    continue
                }
                skipped += newline + 1
                block.removeSubrange(...newline)
                skippingOverlongLine = false
            }
            guard let lastNewline = block.lastIndex(of: ASCII.newline) else {
                pending = block
                if pending.count > maxLineLength {
                    skippingOverlongLine = true
                    pending = []
                    return counted(Chunk(bytes: Array(block.prefix(maxLineLength)), isOverlongLine: true), dropped: block.count - maxLineLength)
                }
                continue
            }
            // A file read to its end goes on at once: its chunk may end earlier, before a line with a prefix.
            let end = isRegularFile && !follow ? Self.end(before: block, lastNewline: lastNewline) : lastNewline + 1
            pending = Array(block[end...])
            block.removeSubrange(end...)
            return counted(Chunk(bytes: block, fileOffset: fileOffset(ofChunkBefore: pending.count + block.count)))
        }
        if follow, stopped, !pending.isEmpty {  // a line still being written when following stopped is no line yet
            skipped += pending.count
            pending = []
        }
        guard !pending.isEmpty, !skippingOverlongLine else {
            // The input ended in an overlong or unfinished line: an empty chunk (no line) still counts its bytes.
            return skipped > 0 ? counted(Chunk(bytes: [])) : nil
        }
        defer { pending = [] }
        return counted(Chunk(bytes: pending, fileOffset: fileOffset(ofChunkBefore: pending.count)))
    }

    /// Where a chunk of a file whose last whole line ends at `lastNewline` ends: before the last line with a prefix
    /// of its own among its last few, so that lines with none (which may go on with one of UIKit's messages wrapped
    /// over lines) start no chunk; after its last line when none of those has a prefix.
    static func end(before block: [UInt8], lastNewline: Int) -> Int {
        block.withUnsafeBufferPointer { b in
            var minutes = MinuteCache()
            var lineEnd = lastNewline
            for _ in 0...LinePrefix.linesContinuingAMessage {
                var start = lineEnd
                while start > 0, b[start - 1] != ASCII.newline { start -= 1 }
                guard start > 0 else { break }  // the chunk keeps a line
                if LineClassifier.startsOwnMessage(Bytes(rebasing: b[start..<lineEnd]), minutes: &minutes) { return start }
                lineEnd = start - 1
            }
            return lastNewline + 1
        }
    }

    /// `chunk` with the bytes dropped since the last one (and `dropped` more) counted in it.
    private func counted(_ chunk: Chunk, dropped: Int = 0) -> Chunk {
        var chunk = chunk
        chunk.skippedBytes = skipped + dropped
        skipped = 0
        return chunk
    }

    /// Where a chunk starts in a re-readable file, when it and what follows it in `pending` are the last `count`
    /// bytes read (lone carriage returns become newlines in place, and skipped bytes were read too); nil otherwise.
    private func fileOffset(ofChunkBefore count: Int) -> Int? { rereadable ? offset - count : nil }

    /// Takes back the bytes of a chunk `next()` returned, once nothing else holds them, to read into again.
    /// Not when following: reads are a line or a few then, and the time taken to prepare a buffer would be time a
    /// Ctrl-C could arrive in before the read blocks, which it would then not end.
    func recycle(_ bytes: consuming [UInt8]) {
        if !follow, spares.count < Self.spareLimit { spares.append(bytes) }
    }

    /// Copies the pending partial line to `base`, then reads up to `blockSize` bytes after it; returns how many
    /// were read (as `receive`).
    private func receiveAfterPending(into base: UnsafeMutablePointer<UInt8>, failure: inout Int32) -> Int {
        pending.withUnsafeBufferPointer { if let source = $0.baseAddress { memcpy(base, source, $0.count) } }
        return receive(into: base + pending.count, failure: &failure)
    }

    /// Reads up to `blockSize` bytes to `base`; returns how many (0 on failure, with `errno` in `failure`, read at
    /// once: anything run after `read` may set it).
    private func receive(into base: UnsafeMutablePointer<UInt8>, failure: inout Int32) -> Int {
        let received = read(descriptor, base, blockSize)
        if received < 0 { failure = errno }
        return max(received, 0)
    }

    /// What one read gave.
    private enum Read {
        /// New bytes after the pending partial line (which they include).
        case bytes([UInt8])
        /// The end of the input.
        case end
        /// A followed file starts over; `unfinished` is the partial line read before, ended here.
        case restarted(InputRestart, unfinished: [UInt8])
    }

    /// Reads one block after the pending partial line; `.end` at the end of the input, or when `shouldStop` says
    /// so after a signal interrupted a blocked read. Following a regular file polls gently at its end; a pipe or
    /// terminal blocks in `read` until data arrives, and its end of file ends the input.
    private func readBlock(shouldStop: () -> Bool) throws -> Read {
        let carried = pending.count
        while true {
            if follow, shouldStop() { return stop() }  // a Ctrl-C just before a read that blocks would not end it
            if !isRegularFile, !awaitData(shouldStop: shouldStop) { return stop() }
            var failure: Int32 = 0
            var block: [UInt8]
            if var reused = spares.popLast(), reused.capacity >= carried + blockSize {
                // Sized to take the read by adding or dropping only the difference: the old chunk's bytes are
                // overwritten, and a full block of zeros is not written first.
                let size = carried + blockSize
                if reused.count < size {
                    reused.append(contentsOf: repeatElement(0, count: size - reused.count))
                } else {
                    reused.removeLast(reused.count - size)
                }
                let received = reused.withUnsafeMutableBufferPointer { receiveAfterPending(into: $0.baseAddress!, failure: &failure) }
                reused.removeLast(blockSize - received)
                block = reused
            } else {
                block = [UInt8](unsafeUninitializedCapacity: carried + blockSize) { buffer, initialized in
                    guard let base = buffer.baseAddress else { return }
                    initialized = carried + receiveAfterPending(into: base, failure: &failure)
                }
            }
            if failure == EINTR {
                if shouldStop() { return stop() }
                continue
            }
            if failure != 0 { throw IngestError.readFailed(String(cString: strerror(failure))) }
            if block.count > carried {
                offset += block.count - carried
                let stripped = stripByteOrderMark(&block)
                try checkContent(block)
                pending = []
                Self.endLinesAtLoneCarriageReturns(&block, from: stripped ? 0 : max(0, carried - 1))
                return .bytes(block)
            }
            guard isRegularFile else { return .end }
            if let reason = try startOverIfChanged() {
                let unfinished = pending
                pending = []
                return .restarted(reason, unfinished: unfinished)
            }
            if follow, !shouldStop() {
                usleep(200_000)
                continue
            }
            return follow ? stop() : .end
        }
    }

    /// The end of reading because `shouldStop` said so.
    private func stop() -> Read {
        stopped = true
        return .end
    }

    /// Waits until a stream (a pipe, a terminal) has data or ends, asking `shouldStop` every quarter second: a
    /// signal is delivered to any thread, so a read blocked on another one (parallel parsing reads on a worker)
    /// would never notice it. Returns false to stop.
    private func awaitData(shouldStop: () -> Bool) -> Bool {
        while true {
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watch, 1, 250)
            if ready > 0 || (ready < 0 && errno != EINTR) { return true }  // data, its end or an error: the read tells
            if shouldStop() { return false }
        }
    }

    /// At the end of a regular file: a file now shorter than what was read was truncated. Following, its name
    /// may also lead to a new file (rotation), read once the old one is read to its end. Returns why the input
    /// starts over, having moved to the start of the file now there; nil if nothing changed. Without `follow`, a
    /// truncation is an error: the trace read is not the file.
    private func startOverIfChanged() throws -> InputRestart? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        if Int(info.st_size) < offset {
            guard follow else { throw IngestError.truncatedWhileReading(offset) }
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { return nil }
            offset = 0
            startChecked = false
            return .truncated
        }
        guard let path = followedPath else { return nil }
        var current = stat()
        guard stat(path, &current) == 0, current.st_dev != info.st_dev || current.st_ino != info.st_ino else { return nil }
        let replacement = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard replacement >= 0 else { return nil }  // not readable yet: keep reading the old one
        _ = fcntl(replacement, F_SETFL, fcntl(replacement, F_GETFL) & ~O_NONBLOCK)
        if ownsDescriptor { close(descriptor) }
        descriptor = replacement
        ownsDescriptor = true
        offset = 0
        startChecked = false
        return .replaced
    }

    /// UTF-8's byte order mark, which Windows editors (Visual Studio, Notepad) and Xamarin tools write first.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Drops a byte order mark that starts the input, so the first line's prefix (or ndjson object) reads as any
    /// other; once three bytes or a line are there to tell. Chunk offsets stay right: they count back from the
    /// bytes read. Returns whether it dropped one.
    private func stripByteOrderMark(_ block: inout [UInt8]) -> Bool {
        guard !startChecked, block.count >= 3 || block.contains(ASCII.newline) else { return false }
        startChecked = true
        guard block.starts(with: Self.byteOrderMark) else { return false }
        block.removeFirst(Self.byteOrderMark.count)
        skipped += Self.byteOrderMark.count
        return true
    }

    /// The first bytes of an input decide whether it is text at all (a PNG is not a log).
    private func checkContent(_ block: [UInt8]) throws {
        guard !contentChecked else { return }
        contentChecked = true
        if let kind = BinaryContent.kind(of: block) { throw IngestError.binary(kind) }
    }

    /// Classic Mac OS ended lines with a carriage return alone: each CR not followed by a newline becomes one, so
    /// such a file reads as lines (as editors show it) and CRLF stays as it is (the parser drops the CR). A CR that
    /// ends the block is left for the next read to decide, which sees it again as the last byte carried over.
    static func endLinesAtLoneCarriageReturns(_ block: inout [UInt8], from start: Int) {
        block.withUnsafeMutableBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var index = start
            while index < bytes.count - 1, let hit = memchr(base + index, Int32(ASCII.carriageReturn), bytes.count - 1 - index) {
                index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                if bytes[index] != ASCII.newline { bytes[index - 1] = ASCII.newline }
            }
        }
    }

    /// Whether the input is a regular file, which can grow after its end of file has been read.
    private lazy var isRegularFile: Bool = {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }()
}

/// Failures reading an input.
public enum IngestError: Error, CustomStringConvertible, Equatable {
    case cannotOpen(String)
    case readFailed(String)
    case isDirectory
    /// A FIFO named on the command line had no writer within the given seconds.
    case noWriter(seconds: Double)
    /// The input is not text: what it looks like.
    case binary(String)
    /// The file became shorter than the bytes already read from it.
    case truncatedWhileReading(Int)

    public var description: String {
        switch self {
        case .cannotOpen(let reason): return "cannot open: \(reason)"
        case .readFailed(let reason): return "read failed: \(reason)"
        case .isDirectory: return "is a directory"
        case .noWriter(let seconds):
            return "no process opened this FIFO for writing within \(Format.seconds(seconds)); start the writer first, or use --follow to wait for it"
        case .binary(let kind): return "not a text log: \(kind)"
        case .truncatedWhileReading(let bytes):
            return "truncated while being read (after \(bytes) bytes): the findings cover only what was read; check it again once it is written"
        }
    }
}
