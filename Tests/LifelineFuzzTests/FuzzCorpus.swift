import Foundation

/// The logs fuzzing starts from: every sample trace and every real-log fixture.
enum FuzzCorpus {
    struct Entry {
        let name: String
        let bytes: [UInt8]
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let folders = ["SampleTraces", "Tests/LifelineKitTests/RealLogs/Fixtures"]
    static let extensions: Set<String> = ["log", "ndjson", "json", "txt"]

    /// Every trace in `folders`, in name order; `.expect.json` files hold expectations, not traces.
    static func load() throws -> [Entry] {
        var entries: [Entry] = []
        for folder in folders {
            let directory = packageRoot.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            for name in names where extensions.contains((name as NSString).pathExtension) && !name.hasSuffix(".expect.json") {
                let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
                entries.append(Entry(name: folder + "/" + name, bytes: Array(bytes)))
            }
        }
        return entries
    }
}
