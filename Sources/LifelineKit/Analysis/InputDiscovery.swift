#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the command line's inputs: files as given, `-` for standard input, and directories walked
/// recursively for trace files.
///
/// Inside directories, names starting with `.` are skipped (hidden files and folders); symbolic links are
/// followed, except into a folder being walked (a loop) and links that loop on themselves; a link to nothing
/// whose name is included is a problem, as are unreadable folders. Patterns without `/` match file (and folder) names;
/// patterns with `/` match the path below the directory given, `*` and `?` within one folder, `**` across folders
/// (`experimental/**`). Excluded folders are not entered. One file reached by several paths is audited once,
/// under the path that needs no link. The inputs come back in path order.
public struct InputDiscovery: Sendable {
    /// The file names taken from directories when no `--include` is given.
    public static let defaultIncludes = ["*.log", "*.txt", "*.trace", "*.ndjson", "*.jsonl"]

    /// Patterns of the files taken from directories.
    public var includes: [String]
    /// Patterns of files and folders left out of directories.
    public var excludes: [String]

    /// A directory entry that could not be audited.
    public struct Problem: Sendable, Equatable {
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    /// What the arguments expand to.
    public struct Expansion: Sendable, Equatable {
        /// The traces to audit, in path order (standard input as `<stdin>`), each once.
        public var inputs: [TraceInput]
        /// Entries of walked directories that could not be audited, in path order.
        public var problems: [Problem]
        /// FIFOs, sockets and devices met in walked directories, in path order: not read (a FIFO with no writer
        /// would wait forever, a device may never end), each named in a note. Named on the command line, they are
        /// read as streams.
        public var skipped: [Problem] = []
        /// Paths that reach a file already taken under another path (a symbolic or hard link), in path order, each
        /// with the path kept: the file is audited once, and the commands say so.
        public var merged: [MergedPath] = []
        /// Files of walked directories that no include pattern took, in path order: what an empty search can
        /// suggest an `--include` for.
        public var unmatched: [String] = []
    }

    /// A path to a file audited under another path.
    public struct MergedPath: Sendable, Equatable {
        public var path: String
        /// The path the file is audited under.
        public var kept: String
    }

    /// Why a FIFO, socket or device in a walked directory is skipped.
    static let notRegular = "skipped: not a regular file (a FIFO, socket or device is read only when named as an input)"

    /// `includes` replaces the default patterns when not empty.
    public init(includes: [String] = [], excludes: [String] = []) {
        self.includes = includes.isEmpty ? Self.defaultIncludes : includes
        self.excludes = excludes
    }

    /// The inputs to audit, and the problems met on the way (reported per path; the audit goes on).
    public func expand(_ arguments: [String]) -> Expansion {
        var walker = Walker(includes: includes.map(Pattern.init), excludes: excludes.map(Pattern.init))
        var standardInput = false
        for argument in arguments {
            if argument == "-" {
                standardInput = true
            } else if let identity = FileIdentity(path: argument), identity.isDirectory {
                walker.walk(argument, below: "", ancestors: [identity], throughLink: false)
            } else {
                walker.found.append(Candidate(path: argument, identity: FileIdentity(path: argument), throughLink: false))
            }
        }
        let (paths, merged) = Self.deduplicated(walker.found)
        var inputs = paths.map(TraceInput.file)
        if standardInput { inputs.append(.standardInput) }
        inputs.sort { $0.displayName < $1.displayName }
        return Expansion(inputs: inputs, problems: walker.problems.sorted { $0.path < $1.path },
                         skipped: walker.skipped.sorted { $0.path < $1.path }, merged: merged, unmatched: walker.unmatched.sorted())
    }

    /// One path per file: paths without links win, then the first in path order; and the paths left out, each
    /// with the one kept.
    private static func deduplicated(_ candidates: [Candidate]) -> (paths: [String], merged: [MergedPath]) {
        var best: [FileIdentity: Candidate] = [:]
        var paths = Set<String>()
        for candidate in candidates {
            guard let identity = candidate.identity else {
                paths.insert(candidate.path)
                continue
            }
            if let kept = best[identity], !candidate.isPreferred(to: kept) { continue }
            best[identity] = candidate
        }
        let kept = Set(best.values.map(\.path))
        var merged: [MergedPath] = []
        for candidate in candidates {
            guard let identity = candidate.identity, let winner = best[identity], !kept.contains(candidate.path),
                  !merged.contains(where: { $0.path == candidate.path }) else { continue }
            merged.append(MergedPath(path: candidate.path, kept: winner.path))
        }
        return (Array(paths.union(kept)), merged.sorted { $0.path < $1.path })
    }
}

/// A file found, and how.
private struct Candidate {
    var path: String
    var identity: FileIdentity?
    var throughLink: Bool

    func isPreferred(to other: Candidate) -> Bool {
        throughLink != other.throughLink ? !throughLink : path < other.path
    }
}

/// A glob pattern, pre-split into characters.
private struct Pattern {
    let characters: [Character]
    let matchesPaths: Bool

    init(_ text: String) {
        let trimmed = text.hasPrefix("./") ? String(text.dropFirst(2)) : text
        characters = Array(trimmed)
        matchesPaths = trimmed.contains("/")
    }

    /// A pattern with `/` matches `relativePath` (a leading `**/` also matches no folder), one without matches `name`.
    func matches(name: String, relativePath: String) -> Bool {
        guard matchesPaths else { return Glob.matches(characters, Array(name)) }
        let path = Array(relativePath)
        if characters.starts(with: ["*", "*", "/"]), Glob.matches(Array(characters.dropFirst(3)), path, pathAware: true) {
            return true
        }
        return Glob.matches(characters, path, pathAware: true)
    }
}

/// The device and inode that identify a file, whatever path reaches it.
private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    var isDirectory: Bool
    var isRegularFile: Bool

    /// Follows symbolic links; nil when `path` leads nowhere.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
    }
}

/// Walks one directory tree, collecting matching files and problems.
private struct Walker {
    let includes: [Pattern]
    let excludes: [Pattern]
    var found: [Candidate] = []
    var problems: [InputDiscovery.Problem] = []
    var skipped: [InputDiscovery.Problem] = []
    var unmatched: [String] = []

    init(includes: [Pattern], excludes: [Pattern]) {
        self.includes = includes
        self.excludes = excludes
    }

    mutating func walk(_ directory: String, below relative: String, ancestors: [FileIdentity], throughLink: Bool) {
        guard let names = Self.entries(of: directory) else {
            problems.append(.init(path: directory, message: "cannot read directory: \(String(cString: strerror(errno)))"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if excludes.contains(where: { $0.matches(name: name, relativePath: relativePath) }) { continue }
            let isLink = Self.isSymbolicLink(path)
            guard let identity = FileIdentity(path: path) else {
                if errno == ENAMETOOLONG {  // whatever it is, it may hold traces: say so rather than skip it
                    problems.append(.init(path: path, message: Self.tooLong))
                } else if errno != ELOOP, isIncluded(name, relativePath) {
                    problems.append(.init(path: path, message: "broken symbolic link"))
                }
                continue
            }
            if identity.isDirectory {
                guard !ancestors.contains(identity) else { continue }  // a link back into the walk: a loop
                walk(path, below: relativePath, ancestors: ancestors + [identity], throughLink: throughLink || isLink)
            } else if isIncluded(name, relativePath) {
                if identity.isRegularFile {
                    found.append(Candidate(path: path, identity: identity, throughLink: throughLink || isLink))
                } else {
                    skipped.append(.init(path: path, message: InputDiscovery.notRegular))
                }
            } else if identity.isRegularFile {
                unmatched.append(path)
            }
        }
    }

    static let tooLong = "path longer than the system allows (PATH_MAX, \(PATH_MAX) bytes): not read; move the traces up"

    private func isIncluded(_ name: String, _ relativePath: String) -> Bool {
        includes.contains { $0.matches(name: name, relativePath: relativePath) }
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The names in `directory` (with `.` and `..`), or nil with `errno` set.
    private static func entries(of directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            })
        }
        return names
    }
}
