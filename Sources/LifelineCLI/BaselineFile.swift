import Foundation
import LifelineKit

/// Reads and writes the files of `--baseline` and `--write-baseline`; failures end the command with status 2.
enum BaselineFile {
    static func read(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(description: "\(path): cannot use baseline: \(UnreadableFile.reason(path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(description: "\(path): cannot use baseline: not UTF-8")
        }
        do { return try Baseline.parse(text, file: path) } catch {
            throw CommandFailure(description: "\(error.file): cannot use baseline: \(error.message)")
        }
    }

    /// Writes a file beside `path` and renames it over `path`, so a failed write never leaves half a baseline.
    static func write(_ baseline: Baseline, to path: String) throws {
        let temporary = "\(path).\(getpid()).tmp"
        let written = Array(baseline.serialized().utf8).withUnsafeBytes { bytes -> Bool in
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return Glibc.write(descriptor, bytes.baseAddress, bytes.count) == bytes.count
        }
        guard written, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure(description: "\(path): cannot write baseline: \(reason)")
        }
    }
}
