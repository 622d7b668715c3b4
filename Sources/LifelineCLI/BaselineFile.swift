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

    /// Writes the baseline as every file Lifeline writes (`AtomicFile`): a failed write never leaves half a
    /// baseline, nor a temporary file.
    static func write(_ baseline: Baseline, to path: String) throws {
        do { try AtomicFile.write(Array(baseline.serialized().utf8), to: path) } catch {
            throw CommandFailure(description: "\(path): cannot write baseline: \(error.reason)")
        }
    }
}
