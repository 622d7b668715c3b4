import Foundation
import LifelineKit

/// Finds and loads the configuration: `--config FILE`, else `.lifeline.json` in the working directory or the
/// nearest folder above it, else defaults.
///
/// A discovered file is trusted as git trusts a repository: only when it (and, for a link, the link too) belongs
/// to the user running Lifeline, since a file planted in a shared parent folder would otherwise turn rules off for
/// everyone below it; `--config` names any file explicitly. A discovered file is announced on standard error. A
/// `.lifeline.json` that is a broken or looping link is an error, not an absence.
enum ConfigurationLocator {
    static let fileName = ".lifeline.json"

    static func load(explicitPath: String?, workingDirectory: String = FileManager.default.currentDirectoryPath) throws -> Configuration {
        let path: String
        if let explicitPath {
            path = explicitPath
        } else if let found = try search(from: workingDirectory) {
            try checkOwner(found)
            OutputStream.standardError.diagnostic("lifeline: using configuration \(found) (found above the working directory; --config names another)")
            path = found
        } else {
            return Configuration()
        }
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch {
            throw CommandFailure(description: "\(path): cannot read configuration file: \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(description: "\(path): configuration is not UTF-8")
        }
        do {
            var configuration = try ConfigurationParser.parse(text, file: path)
            configuration.file = path
            return configuration
        } catch {
            throw CommandFailure(description: "\(error)")
        }
    }

    /// The nearest `.lifeline.json` at or above `directory`, or nil. Whatever is there counts (a link to nothing
    /// too): a broken link, a loop or an unreadable entry is an error naming its cause, not a reason to look higher.
    static func search(from directory: String) throws -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            var info = stat()
            if lstat(candidate, &info) == 0 {
                if stat(candidate, &info) != 0 {
                    let cause = errno == ENOENT ? "a symbolic link to nothing" : errno == ELOOP ? "a symbolic link loop" : String(cString: strerror(errno))
                    throw CommandFailure(description: "\(candidate): cannot use configuration: \(cause)")
                }
                return candidate
            } else if errno != ENOENT {  // a folder that cannot be searched: say so rather than look past it
                throw CommandFailure(description: "\(candidate): cannot look for configuration: \(String(cString: strerror(errno)))")
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// Refuses a discovered file (or link) that another user owns.
    private static func checkOwner(_ path: String) throws {
        var link = stat(), target = stat()
        guard lstat(path, &link) == 0, stat(path, &target) == 0 else { return }  // `search` checked both
        let me = geteuid()
        for owner in [link.st_uid, target.st_uid] where owner != me {
            throw CommandFailure(description: "\(path): not used: owned by another user (uid \(owner)), and any user may have put it "
                                 + "there; name it with --config \(path) to use it")
        }
    }
}
