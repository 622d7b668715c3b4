import Foundation
import LifelineKit

/// Reads and writes the files of `--baseline` and `--write-baseline`; failures end the command with status 2.
enum BaselineFile {
    static func read(_ path: String) throws -> Baseline {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch {  // a file, or /dev/stdin, <(…)
            throw CommandFailure(description: "\(path): cannot use baseline: \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure(description: "\(path): cannot use baseline: not UTF-8")
        }
        do { return try Baseline.parse(text, file: path) } catch {
            throw CommandFailure(description: "\(error.file): cannot use baseline: \(error.message)")
        }
    }

    /// The path baseline paths are relative to the folder of: the baseline's own, or for a stream (`/dev/stdin`,
    /// `<(…)`, `/dev/stdout`), whose folder means nothing, a name in the working directory.
    static func anchor(_ path: String) -> String {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG ? "lifeline-baseline" : path
    }

    /// Writes the baseline as every file Lifeline writes (`AtomicFile`): a failed write never leaves half a
    /// baseline, nor a temporary file.
    static func write(_ baseline: Baseline, to path: String) throws {
        do { try AtomicFile.write(Array(baseline.serialized().utf8), to: path) } catch {
            throw CommandFailure(description: "\(path): cannot write baseline: \(error.reason)")
        }
    }
}
