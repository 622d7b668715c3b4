import Foundation

/// Why a file the command line names could not be read, in a few words: `is a directory`, `no such file`,
/// `Permission denied`.
enum UnreadableFile {
    static func reason(_ path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return "is a directory" }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor < 0 else {
            close(descriptor)
            return "cannot read it"
        }
        return errno == ENOENT ? "no such file" : String(cString: strerror(errno))
    }
}
