#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Expands the command line's inputs: files as given, `-` for standard input, and directories walked
/// recursively for trace files.
///
/// Inside directories, names starting with `.` are skipped (hidden files and folders). Symbolic links are not
/// followed, as `find` and ripgrep do not (a link planted in a folder of traces could lead to any file the runner
/// can read, or to `/`): those that would matter (a link to a folder, or whose name is included) are listed in
/// `Expansion.skippedLinks`. With `followLinks`, a link is followed when it leads inside the folder named on the
/// command line, except into a folder being walked (a loop); one that leads outside is listed in
/// `Expansion.linksOutside`, and a link to nothing whose name is included is a problem. Unreadable folders are
/// problems. A path named on the command line is read whatever it is. Patterns without `/` match file (and folder) names;
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
    /// Follow symbolic links met in directories, when they lead inside the directory named.
    public var followLinks: Bool

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
        /// Symbolic links met in walked directories and not followed (without `followLinks`), in path order.
        public var skippedLinks: [String] = []
        /// With `followLinks`: links that lead outside the directory named, not followed, in path order.
        public var linksOutside: [String] = []
        /// The inputs found in walked directories without a link on the way: open them without following one
        /// (`AnalysisOptions.opensThroughLink`).
        public var foundWithoutLinks: Set<String> = []
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
    public init(includes: [String] = [], excludes: [String] = [], followLinks: Bool = false) {
        self.includes = includes.isEmpty ? Self.defaultIncludes : includes
        self.excludes = excludes
        self.followLinks = followLinks
    }

    /// The inputs to audit, and the problems met on the way (reported per path; the audit goes on).
    public func expand(_ arguments: [String]) -> Expansion {
        var walker = Walker(includes: includes.map(Pattern.init), excludes: excludes.map(Pattern.init), followLinks: followLinks)
        var standardInput = false
        for argument in arguments {
            if argument == "-" {
                standardInput = true
            } else if let identity = FileIdentity(path: argument), identity.isDirectory {
                walker.root = Walker.resolved(argument) ?? argument
                walker.walk(argument, below: "", ancestors: [identity], throughLink: false)
            } else if argument.contains("\u{FFFD}"), FileIdentity(path: argument) == nil {
                // The program's arguments are decoded as UTF-8, invalid bytes replaced: a name that was not UTF-8
                // now names nothing, and "no such file" would hide why.
                walker.problems.append(.init(path: argument, message: "cannot read: the file name is not UTF-8 (rename the file)"))
            } else {
                walker.found.append(Candidate(path: argument, identity: FileIdentity(path: argument), throughLink: false))
            }
        }
        let named = Set(arguments)
        let (paths, merged) = Self.deduplicated(walker.found)
        var inputs = paths.map(TraceInput.file)
        if standardInput { inputs.append(.standardInput) }
        inputs.sort { $0.displayName < $1.displayName }
        let foundWithoutLinks = Set(walker.found.filter { !$0.throughLink }.map(\.path)).subtracting(named)
        return Expansion(inputs: inputs, problems: walker.problems.sorted { $0.path < $1.path },
                         skipped: walker.skipped.sorted { $0.path < $1.path }, merged: merged, unmatched: walker.unmatched.sorted(),
                         skippedLinks: walker.skippedLinks.filter { !named.contains($0) }.sorted(),  // read: not skipped
                         linksOutside: walker.linksOutside.filter { !named.contains($0) }.sorted(),
                         foundWithoutLinks: foundWithoutLinks)
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
    let followLinks: Bool
    /// The real path of the directory named on the command line being walked: links are followed only inside it.
    var root = "/"
    var found: [Candidate] = []
    var problems: [InputDiscovery.Problem] = []
    var skipped: [InputDiscovery.Problem] = []
    var unmatched: [String] = []
    var skippedLinks: [String] = []
    var linksOutside: [String] = []

    init(includes: [Pattern], excludes: [Pattern], followLinks: Bool) {
        self.includes = includes
        self.excludes = excludes
        self.followLinks = followLinks
    }

    mutating func walk(_ directory: String, below relative: String, ancestors: [FileIdentity], throughLink: Bool) {
        guard let names = Self.entries(of: directory) else {
            problems.append(.init(path: directory, message: "cannot read directory: \(String(cString: strerror(errno)))"))
            return
        }
        for (name, valid) in names.sorted(by: { $0.name < $1.name }) where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if excludes.contains(where: { $0.matches(name: name, relativePath: relativePath) }) { continue }
            let isLink = Self.isSymbolicLink(path)
            if isLink, !followLinks || !leadsInside(path) {
                if matters(path, name, relativePath, ancestors: ancestors) {
                    if followLinks { linksOutside.append(path) } else { skippedLinks.append(path) }
                }
                continue
            }
            if !valid {  // its bytes cannot be named in a String, so it cannot be opened or checked
                if isIncluded(name, relativePath) {
                    problems.append(.init(path: path, message: "file name is not UTF-8: not read; rename it"))
                }
                continue
            }
            guard let identity = FileIdentity(path: path) else {
                if errno == ENAMETOOLONG {  // whatever it is, it may hold traces: say so rather than skip it
                    problems.append(.init(path: path, message: Self.tooLong))
                } else if errno != ELOOP, isIncluded(name, relativePath) {
                    let cause = isLink && errno == ENOENT ? "broken symbolic link" : "cannot read: \(String(cString: strerror(errno)))"
                    problems.append(.init(path: path, message: cause))
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

    /// Whether a link not followed is worth naming: its name is one the walk takes, or it leads to a folder other
    /// than one being walked (following that would be a loop, skipped anyway).
    private func matters(_ path: String, _ name: String, _ relativePath: String, ancestors: [FileIdentity]) -> Bool {
        if isIncluded(name, relativePath) { return true }
        guard let target = FileIdentity(path: path), target.isDirectory else { return false }
        return !ancestors.contains(target)
    }

    /// Whether the link at `path` resolves inside `root`; a link to nothing (or a loop) counts as inside, so it is
    /// reported as broken rather than as leading out.
    private func leadsInside(_ path: String) -> Bool {
        guard let target = Self.resolved(path) else { return true }
        return target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `path` with every link and `..` resolved, or nil when it leads nowhere.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The names in `directory` (with `.` and `..`), each with whether it is valid UTF-8 (else it is shown with
    /// replacement characters, and no path made of it leads to the file), or nil with `errno` set.
    private static func entries(of directory: String) -> [(name: String, valid: Bool)]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [(name: String, valid: Bool)] = []
        while let entry = readdir(stream) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                let name = bytes.prefix { $0 != 0 }
                return (String(decoding: name, as: UTF8.self), String(validating: name, as: UTF8.self) != nil)
            })
        }
        return names
    }
}
