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

    /// Opens the input for reading. The caller closes the descriptor (not for standard input).
    func open() throws -> Int32 {
        switch self {
        case .standardInput:
            return STDIN_FILENO
        case .file(let path):
            let descriptor = Glibc.open(path, O_RDONLY)
            guard descriptor >= 0 else { throw IngestError.cannotOpen(String(cString: strerror(errno))) }
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                close(descriptor)
                throw IngestError.isDirectory
            }
            return descriptor
        }
    }
}
