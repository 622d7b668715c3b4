import Foundation

/// The folder an output file goes to, checked before any input is read: a typo in `--html out/x.html` should
/// not cost the whole analysis first.
enum OutputFolder {
    /// Throws when the folder `path` would be written in does not exist or is not a folder.
    static func check(_ path: String, for option: String) throws {
        guard path != "-" else { return }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CommandFailure(description: "\(option) \(path): no folder \(directory) (create it first)")
        }
        guard isDirectory.boolValue else {
            throw CommandFailure(description: "\(option) \(path): \(directory) is not a folder")
        }
    }
}
