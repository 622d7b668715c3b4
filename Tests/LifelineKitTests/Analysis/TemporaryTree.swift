import Foundation

/// A folder of files for a test, removed when the test ends.
struct TemporaryTree {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-tree-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes `text` at `relative`, creating folders on the way.
    func write(_ relative: String, _ text: String = "") throws {
        try write(relative, bytes: Array(text.utf8))
    }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
