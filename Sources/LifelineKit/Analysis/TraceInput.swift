#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One trace to analyse: a file, or standard input (`-`).
public enum TraceInput: Sendable, Equatable {
    case file(String)
    case standardInput

    /// The name diagnostics use: the path as given, or `<stdin>`.
    public var displayName: String {
        switch self {
        case .file(let path): return path
        case .standardInput: return "<stdin>"
        }
    }

    /// Opens the input for a `ChunkReader` that owns what it opened.
    ///
    /// A FIFO named on the command line is read as a stream, like standard input. Opening one blocks until a
    /// writer opens it too, so it is opened without blocking; then, without `follow`, a writer must appear within
    /// `writerPatience` seconds (else `IngestError.noWriter`), and with `follow` it is awaited until `shouldStop`.
    /// A character device is read as a stream as well; a directory is an error. Without `throughLink`, a path
    /// ending in a symbolic link is an error (`AnalysisOptions.opensThroughLink`).
    func reader(blockSize: Int, follow: Bool, throughLink: Bool = true, writerPatience: Double, shouldStop: () -> Bool) throws -> ChunkReader {
        guard case .file(let path) = self else {
            return ChunkReader(descriptor: STDIN_FILENO, blockSize: blockSize, follow: follow)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (throughLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            if !throughLink, errno == ELOOP { throw IngestError.cannotOpen("became a symbolic link after the folder was searched: not followed") }
            throw IngestError.cannotOpen(String(cString: strerror(errno)))
        }
        var info = stat()
        let type = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : 0
        var leading: [UInt8] = []
        do {
            if type == S_IFDIR { throw IngestError.isDirectory }
            if type == S_IFIFO {
                leading = try WriterWait(descriptor: descriptor).await(patience: follow ? nil : writerPatience, shouldStop: shouldStop)
            }
        } catch {
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)  // reads block from here on
        return ChunkReader(descriptor: descriptor, ownsDescriptor: true, leading: leading, blockSize: blockSize, follow: follow,
                           followedPath: type == S_IFREG ? path : nil, rereadable: type == S_IFREG)
    }
}

/// Waits on a FIFO opened without blocking until a process opens it for writing.
///
/// `poll` reports data, or a writer that came and went; a silent writer is told apart from none by a read,
/// which fails with `EAGAIN` while a writer holds the FIFO open and returns 0 (end of file) while none does.
private struct WriterWait {
    let descriptor: Int32

    /// Returns any byte read while telling (data that arrived between the poll and the read).
    func await(patience: Double?, shouldStop: () -> Bool) throws -> [UInt8] {
        let started = monotonicSeconds()
        while true {
            var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&watch, 1, 100)
            if ready > 0 { return [] }  // data, or a writer that already closed: the reader takes it from here
            if ready == 0 {
                var byte: UInt8 = 0
                let received = read(descriptor, &byte, 1)
                if received == 1 { return [byte] }
                if received < 0 && errno == EAGAIN { return [] }  // a writer is connected
            }
            if shouldStop() { return [] }
            if let patience, monotonicSeconds() - started >= patience { throw IngestError.noWriter(seconds: patience) }
        }
    }

    private func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
