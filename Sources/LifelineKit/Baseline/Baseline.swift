/// Findings accepted as known, so that `--baseline` reports only new ones.
///
/// The file is JSON, written with one finding per line and entries sorted, so it diffs well:
/// ```json
/// {
///   "version": 1,
///   "findings": [
///     {"file":"traces/cart.log","rule":"appearance-order","controller":"Shop.CartViewController","event":"viewDidAppear","occurrence":1}
///   ]
/// }
/// ```
/// - `version`: the schema version, 1. Other versions are rejected.
/// - `file`: the trace's path relative to the folder holding the baseline file, `/`-separated; `<stdin>` for standard input.
/// - `rule`: the rule identifier.
/// - `controller`: the class (or label) the finding is about, without its address.
/// - `event`: the callback or event the finding is about (`viewDidAppear`, `addObserver`, `uikitWarning`…).
/// - `occurrence`: 1 for the first finding with this file, rule, controller and event (by line), 2 for the next…
///
/// Line numbers and addresses are left out on purpose (see `Fingerprint`). Other members are ignored.
public struct Baseline: Sendable, Equatable {
    /// The schema version this build reads and writes.
    public static let version = 1

    public var fingerprints: Set<Fingerprint>

    public init(fingerprints: Set<Fingerprint> = []) { self.fingerprints = fingerprints }

    /// A baseline of every finding in `findings` (in output order).
    public init(recording findings: [Finding], paths: BaselinePaths) {
        fingerprints = Set(Fingerprint.of(findings, path: paths.key))
    }

    /// The findings (in output order) that are not in the baseline, and how many were left out.
    public func newFindings(in findings: [Finding], paths: BaselinePaths) -> (findings: [Finding], known: Int) {
        let fingerprints = Fingerprint.of(findings, path: paths.key)
        let fresh = zip(findings, fingerprints).filter { !self.fingerprints.contains($1) }.map(\.0)
        return (fresh, findings.count - fresh.count)
    }

    /// The baseline file's text.
    public func serialized() -> String {
        let entries = fingerprints.sorted().map { fingerprint in
            JSONValue.object(JSONObject([
                ("file", .string(fingerprint.file)),
                ("rule", .string(fingerprint.rule)),
                ("controller", .string(fingerprint.controller)),
                ("event", .string(fingerprint.event)),
                ("occurrence", .int(Int64(fingerprint.occurrence))),
            ])).serialized()
        }
        let list = entries.isEmpty ? "[]" : "[\n    " + entries.joined(separator: ",\n    ") + "\n  ]"
        return "{\n  \"version\": \(Self.version),\n  \"findings\": \(list)\n}\n"
    }

    /// Reads a baseline file's text; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(BaselineError) -> Baseline {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            throw BaselineError(file: file, message: "not JSON: \(error)")
        }
        guard root.objectValue != nil else { throw BaselineError(file: file, message: "expected a JSON object") }
        guard let version = root["version"]?.intValue else {
            throw BaselineError(file: file, message: "missing \"version\" (not a Lifeline baseline?)")
        }
        guard version == Int64(Self.version) else {
            throw BaselineError(file: file, message: "unsupported version \(version) (this Lifeline reads version \(Self.version))")
        }
        guard let entries = root["findings"]?.arrayValue else {
            throw BaselineError(file: file, message: "findings: expected an array")
        }
        var baseline = Baseline()
        for (index, entry) in entries.enumerated() {
            baseline.fingerprints.insert(try fingerprint(entry, at: "findings[\(index)]", file: file))
        }
        return baseline
    }

    private static func fingerprint(_ entry: JSONValue, at path: String, file: String) throws(BaselineError) -> Fingerprint {
        func string(_ key: String) throws(BaselineError) -> String {
            guard let value = entry[key]?.stringValue else {
                throw BaselineError(file: file, message: "\(path).\(key): expected a string")
            }
            return value
        }
        guard entry.objectValue != nil else { throw BaselineError(file: file, message: "\(path): expected an object") }
        guard let occurrence = entry["occurrence"]?.intValue, occurrence >= 1, occurrence <= Int64(Int32.max) else {
            throw BaselineError(file: file, message: "\(path).occurrence: expected an integer ≥ 1")
        }
        return Fingerprint(file: try string("file"), rule: try string("rule"), controller: try string("controller"),
                           event: try string("event"), occurrence: Int(occurrence))
    }
}

/// Maps trace paths as the audit names them (relative to the working directory, or absolute) to paths relative
/// to the folder holding the baseline file, so a baseline works from any working directory.
public struct BaselinePaths: Sendable {
    private let folder: String
    private let workingDirectory: String

    /// `baselineFile` may be relative to `workingDirectory`, which must be absolute.
    public init(baselineFile: String, workingDirectory: String) {
        self.workingDirectory = workingDirectory
        let absolute = RelativePath.absolute(baselineFile, base: workingDirectory)
        folder = RelativePath.absolute("..", base: absolute)
    }

    /// The baseline's name for a trace path.
    public func key(_ path: String) -> String {
        path == TraceInput.standardInput.displayName ? path : RelativePath.relative(path, to: folder, base: workingDirectory)
    }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var message: String

    public var description: String { "\(file): \(message)" }
}
