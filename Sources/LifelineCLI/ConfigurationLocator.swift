import Foundation
import LifelineKit

/// Finds and loads the configuration: `--config FILE`, else `.lifeline.json` in the working directory or the
/// nearest folder above it, else defaults.
enum ConfigurationLocator {
    static let fileName = ".lifeline.json"

    static func load(explicitPath: String?, workingDirectory: String = FileManager.default.currentDirectoryPath) throws -> Configuration {
        let path: String
        if let explicitPath {
            path = explicitPath
        } else if let found = search(from: workingDirectory) {
            path = found
        } else {
            return Configuration()
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(description: "\(path): cannot read configuration file: \(UnreadableFile.reason(path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(description: "\(path): configuration is not UTF-8")
        }
        do { return try ConfigurationParser.parse(text, file: path) } catch {
            throw CommandFailure(description: "\(error)")
        }
    }

    static func search(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
