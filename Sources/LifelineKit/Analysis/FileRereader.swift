import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines of a trace file again by their offset, for the evidence a finding quotes (`EvidenceArena`).
///
/// A finding quotes a few lines of one controller, usually close together and close to where reading is, so the
/// last block read is kept and most lines are found in it.
final class FileRereader: LineRereader {
    private let descriptor: Int32
    private let cache = Mutex()

    /// Opens `path` for reading; nil if it cannot be opened or is no longer a regular file (opened without
    /// blocking, in case a FIFO took its name since it was read).
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0 else { return nil }
        return cache.withBlock { block in
            if let held = block.bytes(at: offset, count: count) { return held }
            guard count <= Block.size / 2 else { return read(at: offset, count: count) }
            let start = max(0, offset + count - Block.size / 2) & ~4095  // the line, the older lines a finding quotes with it, and newer ones
            guard let bytes = read(at: start, count: Block.size) else { return nil }
            block = Block(start: start, bytes: bytes, reachesEnd: bytes.count < Block.size)
            return block.bytes(at: offset, count: count)
        }
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file); nil if reading fails.
    private func read(at offset: Int, count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = pread(descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                initialized += got
            }
        }
        return failed ? nil : bytes
    }

    /// The bytes last read, from `start`.
    private struct Block {
        static let size = 64 << 10
        var start = 0
        var bytes: [UInt8] = []
        /// The read stopped at the end of the file (and not before the first read).
        var reachesEnd = false

        /// The bytes from `offset` if the block holds them, or those of them before the end of the file it reached.
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            guard offset >= start, offset <= start + bytes.count, offset + count <= start + bytes.count || reachesEnd else { return nil }
            return Array(bytes[(offset - start)..<min(offset - start + count, bytes.count)])
        }
    }

    /// The block, behind a lock: findings are quoted on the engine's thread, but the type must be safe to share.
    private final class Mutex: @unchecked Sendable {  // `block` is read and written only under `lock`
        private let lock = NSLock()
        private var block = Block()

        func withBlock<Result>(_ body: (inout Block) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&block)
        }
    }
}
