import Foundation

/// Reads a whole file the command line names (a configuration, a baseline), whatever it is: a regular file, or a
/// stream such as `/dev/stdin` or a shell's `<(…)`, read to its end.
enum InputFile {
    struct Failure: Error {
        var reason: String
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw Failure(reason: "is a directory") }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw Failure(reason: String(cString: strerror(errno))) }
            if count == 0 { return bytes }
            bytes += block[..<count]
        }
    }
}
