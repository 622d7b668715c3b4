/// Reads back `stats --format json --samples` as the timings it was written from, for `lifeline merge`: counts,
/// every measurement, the slowest instances and the clock resolution. Only what stats prints is restored (the
/// slowest instances' timeline lanes are not).
public enum TimingsReader {
    /// Timings that cannot be read, with the member at fault.
    public struct ReadError: Error, CustomStringConvertible, Equatable {
        public var message: String
        public var description: String { message }
    }

    /// Whether `document` is a `stats --format json` output (rather than a `check` one).
    public static func isTimings(_ document: JSONValue) -> Bool { document["unit"]?.stringValue == "ms" }

    public static func read(_ document: JSONValue) throws(ReadError) -> ScreenTimings {
        guard document["version"]?.intValue == 1, isTimings(document), let files = document["files"]?.arrayValue?.compactMap(\.stringValue),
              let classes = document["classes"]?.arrayValue else {
            throw ReadError(message: "not the output of 'lifeline stats --format json' (version 1, unit ms, files, classes)")
        }
        var entries: [ClassSamples] = []
        for (index, value) in classes.enumerated() {
            let pointer = "/classes/\(index)"
            guard let name = value["class"]?.stringValue, let phases = value["phases"]?.objectValue else {
                throw ReadError(message: "\(pointer): needs 'class' and 'phases'")
            }
            var entry = ClassSamples(name: name)
            entry.instances = try count(value, "instances", pointer)
            entry.untimed = try count(value, "untimed", pointer)
            entry.preloaded = try count(value, "preloaded", pointer)
            entry.cancelled = try count(value, "cancelledTransitions", pointer)
            for (key, phaseValue) in phases.pairs {
                guard let phase = TimingPhase(rawValue: key) else { throw ReadError(message: "\(pointer)/phases/\(key): unknown phase") }
                guard let samples = phaseValue["samples"]?.arrayValue else {
                    throw ReadError(message: "\(pointer)/phases/\(key): no samples: write it with 'stats --format json --samples'")
                }
                entry.samples[phase] = try samples.map { sample throws(ReadError) in try microseconds(sample, "\(pointer)/phases/\(key)/samples") }
                entry.slowest[phase] = try (phaseValue["slowest"]?.arrayValue ?? []).map { slow throws(ReadError) in
                    let at = "\(pointer)/phases/\(key)/slowest"
                    guard let file = slow["file"]?.stringValue, let line = slow["line"]?.intValue, let instance = slow["instance"]?.stringValue,
                          let ms = slow["ms"] else { throw ReadError(message: "\(at): needs ms, file, line and instance") }
                    return SlowInstance(microseconds: try microseconds(ms, at), file: file, line: Int(line), serial: 0, instance: instance, label: "")
                }
            }
            entries.append(entry)
        }
        var timings = ScreenTimings(files: files, samples: entries)
        timings.clockResolution = try document["clockResolution"].map { value throws(ReadError) in try microseconds(value, "/clockResolution") }
        return timings
    }

    private static func count(_ value: JSONValue, _ key: String, _ pointer: String) throws(ReadError) -> Int {
        guard let number = value[key]?.intValue, number >= 0 else { throw ReadError(message: "\(pointer)/\(key): expected a count") }
        return Int(number)
    }

    /// Milliseconds as written (`milliseconds`), back to whole microseconds.
    private static func microseconds(_ value: JSONValue, _ pointer: String) throws(ReadError) -> Int64 {
        guard let ms = value.doubleValue, ms.isFinite, ms >= 0 else { throw ReadError(message: "\(pointer): expected milliseconds") }
        return Int64((ms * 1000).rounded())
    }
}
