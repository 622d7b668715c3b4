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
}

/// Reads a file descriptor in large blocks and cuts them at line boundaries. Memory stays bounded by the
/// block size plus the longest line kept (`maxLineLength`); longer lines are cut and reported.
final class ChunkReader {
    private let descriptor: Int32
    private let blockSize: Int
    private let maxLineLength: Int
    /// Keep reading at end of file, like `tail -f`.
    private let follow: Bool
    private var pending: [UInt8] = []
    private var skippingOverlongLine = false
    private var atEnd = false

    init(descriptor: Int32, blockSize: Int = 4 << 20, maxLineLength: Int = 8 << 20, follow: Bool = false) {
        self.descriptor = descriptor
        self.blockSize = blockSize
        self.maxLineLength = maxLineLength
        self.follow = follow
    }

    /// The next chunk, or nil at the end of the input. A chunk holds whatever whole lines one `read` completed,
    /// so a line written to a pipe is handed over as soon as it arrives. When following a file, waits for it to
    /// grow until `shouldStop`.
    func next(shouldStop: () -> Bool = { false }) throws -> Chunk? {
        while !atEnd {
            guard var block = try readBlock(shouldStop: shouldStop) else {
                atEnd = true
                break
            }
            if skippingOverlongLine {
                guard let newline = block.firstIndex(of: ASCII.newline) else { continue }
                block.removeSubrange(...newline)
                skippingOverlongLine = false
            }
            guard let lastNewline = block.lastIndex(of: ASCII.newline) else {
                pending = block
                if pending.count > maxLineLength {
                    skippingOverlongLine = true
                    pending = []
                    return Chunk(bytes: Array(block.prefix(maxLineLength)), isOverlongLine: true)
                }
                continue
            }
            pending = Array(block[(lastNewline + 1)...])
            block.removeSubrange((lastNewline + 1)...)
            return Chunk(bytes: block)
        }
        guard !pending.isEmpty, !skippingOverlongLine else { return nil }
        defer { pending = [] }
        return Chunk(bytes: pending)
    }

    /// Reads one block after the pending partial line; nil at the end of the input, or when `shouldStop` says so
    /// after a signal interrupted a blocked read. Following a regular file polls gently at its end; a pipe or
    /// terminal blocks in `read` until data arrives, and its end of file ends the input.
    private func readBlock(shouldStop: () -> Bool) throws -> [UInt8]? {
        let carried = pending.count
        while true {
            var failure: Int32 = 0
            var block = [UInt8](unsafeUninitializedCapacity: carried + blockSize) { buffer, initialized in
                if carried > 0 { _ = pending.withUnsafeBufferPointer { memcpy(buffer.baseAddress!, $0.baseAddress!, carried) } }
                let received = read(descriptor, buffer.baseAddress! + carried, blockSize)
                if received < 0 { failure = errno }
                initialized = carried + max(received, 0)
            }
            if failure == EINTR {
                if shouldStop() { return nil }
                continue
            }
            if failure != 0 { throw IngestError.readFailed(String(cString: strerror(failure))) }
            if block.count > carried {
                pending = []
                Self.endLinesAtLoneCarriageReturns(&block, from: max(0, carried - 1))
                return block
            }
            if follow, isRegularFile, !shouldStop() {
                usleep(200_000)
                continue
            }
            return nil
        }
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

    public var description: String {
        switch self {
        case .cannotOpen(let reason): return "cannot open: \(reason)"
        case .readFailed(let reason): return "read failed: \(reason)"
        case .isDirectory: return "is a directory"
        }
    }
}
