import Foundation

/// Writes files so that readers see either the old file or the whole new one, never a part: the text goes to a
/// temporary file in the same directory, is flushed to disk, then renamed over the destination.
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
    /// written without ever being whole in memory. After a failed write the rest of the pieces are ignored.
    public static func write(to path: String, _ produce: (_ write: (Data) -> Void) -> Void) throws(WriteError) {
        try replace(path) { descriptor in
            var failure: String?
            produce { piece in
                guard failure == nil else { return }
                failure = piece.withUnsafeBytes { writeAll($0, to: descriptor) }
            }
            return failure
        }
    }

    /// Opens the temporary file, lets `writing` fill it (it returns why it failed, if it did), then flushes it
    /// and renames it over `path`.
    private static func replace(_ path: String, writing: (Int32) -> String?) throws(WriteError) {
        let temporary = temporaryPath(for: path)
        unlink(temporary)  // left by an earlier run that was killed
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: lastError()) }
        var failure = writing(descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if failure == nil, rename(temporary, path) != 0 { failure = lastError() }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }

    /// Writes all of `buffer`; returns why it could not.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return lastError() }
            offset += written
        }
        return nil
    }

    /// `dir/.name.lifeline-PID.tmp`: hidden, in the destination's directory so the rename cannot cross file systems.
    static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(directory).\(name).lifeline-\(getpid()).tmp"
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
