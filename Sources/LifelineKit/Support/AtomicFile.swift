#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes every file Lifeline writes (reports, baselines), so that readers see either the old file or the whole new
/// one, never a part, and nothing but the destination changes:
///
/// - a regular file (or a symbolic link to one, which stays a link) is replaced atomically: the bytes go to a new
///   file beside it, created exclusively under an unpredictable name without following links (a link planted under
///   a guessed name is never written through), written in full, flushed to disk, given the old file's mode (and,
///   when allowed, its owner), then renamed over it;
/// - what is not a regular file (`/dev/null`, a FIFO, a terminal) is written into directly, never replaced by a
///   file; `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` (or a link to one) are written to that
///   descriptor as the shell set it up (`>> log` keeps appending), never reopened or replaced;
/// - a directory is an error.
public enum AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, CustomStringConvertible, Equatable {
        /// The destination.
        public var path: String
        /// The system's reason (`No such file or directory`).
        public var reason: String
        public var description: String { "\(path): cannot write: \(reason)" }
    }

    /// Replaces the file at `path` with `bytes`. Leaves no temporary file behind, whatever happens.
    public static func write(_ bytes: some ContiguousBytes, to path: String) throws(WriteError) {
        try replace(path) { descriptor in bytes.withUnsafeBytes { writeAll($0, to: descriptor) } }
    }

    /// Replaces the file at `path` with the pieces `produce` passes to its argument, in order: a large file is
    /// written without ever being whole in memory. After a failed write the rest of the pieces are ignored. When
    /// `shouldStop` says so between pieces (a signal), the write is abandoned: the old file stays, the temporary one
    /// is removed, and the error says `interrupted`.
    public static func write(to path: String, shouldStop: @escaping () -> Bool = { false },
                             _ produce: (_ write: (Data) -> Void) -> Void) throws(WriteError) {
        try replace(path) { descriptor in
            var failure: String?
            produce { piece in
                guard failure == nil else { return }
                if shouldStop() { failure = interrupted; return }
                failure = piece.withUnsafeBytes { writeAll($0, to: descriptor) }
            }
            return failure
        }
    }

    /// The reason of a write abandoned by `shouldStop`.
    public static let interrupted = "interrupted"

    /// Writes through `writing` (it returns why it failed, if it did): directly into what is not a regular file,
    /// else into a temporary file renamed over the destination.
    private static func replace(_ path: String, writing: (Int32) -> String?) throws(WriteError) {
        if let descriptor = namedDescriptor(path) {
            if let failure = writing(descriptor) { throw WriteError(path: path, reason: failure) }
            return
        }
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, info.st_mode & S_IFMT == S_IFDIR { throw WriteError(path: path, reason: "is a directory") }
        if exists, info.st_mode & S_IFMT != S_IFREG { return try writeDirectly(path, writing: writing) }
        // A link to a regular file is kept: what it leads to is replaced, beside itself (a rename cannot cross
        // file systems). A link to nothing is replaced by the file, as before.
        let destination = exists ? resolved(path) ?? path : path
        let temporary = temporaryPath(for: destination)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, exists ? 0o600 : 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: lastError()) }
        var failure: String?
        if exists {  // the old file's mode, and its owner where allowed (root replacing someone's report)
            if fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = lastError() }
            _ = fchown(descriptor, info.st_uid, info.st_gid)
        }
        if failure == nil { failure = writing(descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if failure == nil, rename(temporary, destination) != 0 { failure = lastError() }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
        syncDirectory(of: destination)
    }

    /// Writes into a device, FIFO or socket where it is: replacing `/dev/null` or a FIFO a reader waits on with a
    /// regular file would break them for everyone.
    private static func writeDirectly(_ path: String, writing: (Int32) -> String?) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: lastError()) }
        var failure = writing(descriptor)
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if let failure { throw WriteError(path: path, reason: failure) }
    }

    /// Writes all of `buffer`; returns why it could not (a write of nothing, which sets no `errno`, says so).
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < buffer.count, let base = buffer.baseAddress {
            let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return lastError() }
            if written == 0 { return "nothing was written (the device is full?)" }
            offset += written
        }
        return nil
    }

    /// Flushes the directory entry the rename made, so the new file survives a crash; best effort (not every file
    /// system lets a directory be opened or flushed).
    private static func syncDirectory(of path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The open descriptor `path` names, itself or through links: `/dev/stdout` is 1, `/dev/fd/3` is 3.
    static func namedDescriptor(_ path: String) -> Int32? {
        var current = path
        for _ in 0..<40 {  // as many links as the system follows (SYMLOOP_MAX)
            switch current {
            case "/dev/stdout": return STDOUT_FILENO
            case "/dev/stderr": return STDERR_FILENO
            default:
                for prefix in ["/dev/fd/", "/proc/self/fd/"] where current.hasPrefix(prefix) {
                    return Int32(current.dropFirst(prefix.count)).flatMap { fcntl($0, F_GETFD) >= 0 ? $0 : nil }
                }
            }
            guard let target = linkTarget(current) else { return nil }
            let slash = current.lastIndex(of: "/")
            current = target.hasPrefix("/") ? target : (slash.map { String(current[...$0]) } ?? "") + target
        }
        return nil
    }

    /// What the link at `path` holds, or nil when it is no link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` with every link resolved, or nil when it leads nowhere.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// `dir/.name.lifeline-RANDOM.tmp`: hidden, in the destination's directory so the rename cannot cross file
    /// systems, and named by 64 random bits so that no one can plant a link under it in advance.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let random = String(UInt64.random(in: .min ... .max), radix: 16)
        return "\(directory).\(name).lifeline-\(String(repeating: "0", count: 16 - random.count) + random).tmp"
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
