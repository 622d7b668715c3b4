import Foundation

/// Expands the command line's inputs: files as given, `-` for standard input, and directories walked
/// recursively for trace files, in a stable (sorted path) order.
public struct InputDiscovery: Sendable {
    /// The file names taken from directories when no `--include` is given.
    public static let defaultIncludes = ["*.log", "*.txt", "*.trace", "*.ndjson", "*.jsonl"]

    public var includes: [String]
    public var excludes: [String]

    /// A directory entry that could not be audited.
    public struct Problem: Sendable, Equatable {
        public var path: String
        public var message: String
    }

    public init(includes: [String] = [], excludes: [String] = []) {
        self.includes = includes.isEmpty ? Self.defaultIncludes : includes
        self.excludes = excludes
    }

    /// The inputs to audit, and problems met on the way (reported per path; the audit goes on).
    public func expand(_ arguments: [String]) -> (inputs: [TraceInput], problems: [Problem]) {
        var inputs: [TraceInput] = []
        var problems: [Problem] = []
        for argument in arguments {
            if argument == "-" { inputs.append(.standardInput); continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                var visited = Set<String>()
                var found: [String] = []
                walk(argument, visited: &visited, into: &found, problems: &problems)
                inputs += found.sorted().map(TraceInput.file)
            } else {
                inputs.append(.file(argument))  // a missing file is reported when it is opened
            }
        }
        return (inputs, problems)
    }

    private func walk(_ directory: String, visited: inout Set<String>, into found: inout [String], problems: inout [Problem]) {
        let real = (directory as NSString).resolvingSymlinksInPath
        guard visited.insert(real).inserted else { return }  // a symlink loop, or a folder seen twice
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            problems.append(Problem(path: directory, message: "cannot read directory"))
            return
        }
        for name in entries.sorted() where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(Problem(path: path, message: "broken symbolic link"))
                continue
            }
            if isDirectory.boolValue {
                walk(path, visited: &visited, into: &found, problems: &problems)
            } else if matches(name: name, path: path) {
                found.append(path)
            }
        }
    }

    private func matches(name: String, path: String) -> Bool {
        let included = includes.contains { Glob.matches(Array($0), Array(name)) || Glob.matches(Array($0), Array(path), pathAware: true) }
        let excluded = excludes.contains { Glob.matches(Array($0), Array(name)) || Glob.matches(Array($0), Array(path), pathAware: true) }
        return included && !excluded
    }
}
