/// `lifeline stats --format json`, and reading it back as a `--compare` baseline. Times in milliseconds:
/// `{"version":1,"unit":"ms","files":[…],"classes":[{"class","instances","untimed","preloaded","cancelledTransitions",
/// "phases":{"load":{"count","p50","p90","p99","max","slowest":[{"ms","file","line","instance"}]},…}}],
/// "comparison":{…}}` (`comparison` only with `--compare`).
public enum TimingsJSON {
    /// With `samples`, each phase also lists every measurement (ascending), so that `read` can merge results of
    /// several runs into exact percentiles of them all.
    public static func write(_ timings: ScreenTimings, comparison: TimingComparison? = nil, samples: Bool = false) -> String {
        var document = JSONObject([
            ("version", .int(1)), ("unit", .string("ms")),
            ("files", .array(timings.files.map(JSONValue.string))),
            ("classes", .array(timings.classes.map { classObject($0, samples: samples) })),
        ])
        // Figures under it cannot be told from 0 (whole-second device syslog): readers can mark them as text does.
        if let resolution = timings.clockResolution { document["clockResolution"] = milliseconds(resolution) }
        if let comparison { document["comparison"] = comparisonObject(comparison) }
        return JSONValue.object(document).serialized(pretty: true) + "\n"
    }

    private static func classObject(_ entry: ClassSamples, samples: Bool) -> JSONValue {
        var phases = JSONObject()
        for (phase, distribution) in entry.distributions {
            var object = JSONObject([("count", .int(Int64(distribution.count)))])
            for statistic in Distribution.Statistic.allCases { object[statistic.rawValue] = milliseconds(distribution.value(statistic)) }
            object["slowest"] = .array((entry.slowest[phase] ?? []).map { slow in
                .object(JSONObject([("ms", milliseconds(slow.microseconds)), ("file", .string(slow.file)),
                                    ("line", .int(Int64(slow.line))), ("instance", .string(slow.instance))]))
            })
            if samples { object["samples"] = .array((entry.samples[phase] ?? []).sorted().map(milliseconds)) }
            phases[phase.rawValue] = .object(object)
        }
        return .object(JSONObject([
            ("class", .string(entry.name)), ("instances", .int(Int64(entry.instances))), ("untimed", .int(Int64(entry.untimed))),
            ("preloaded", .int(Int64(entry.preloaded))), ("cancelledTransitions", .int(Int64(entry.cancelled))),
            ("phases", .object(phases)),
        ]))
    }

    private static func comparisonObject(_ comparison: TimingComparison) -> JSONValue {
        .object(JSONObject([
            ("statistic", .string(comparison.statistic.rawValue)), ("thresholdPercent", .double(comparison.threshold)),
            ("regressions", .int(Int64(comparison.regressions.count))),
            ("changes", .array(comparison.changes.map { change in
                .object(JSONObject([
                    ("class", .string(change.className)), ("phase", .string(change.phase.rawValue)),
                    ("before", change.before.map(milliseconds) ?? .null), ("after", change.after.map(milliseconds) ?? .null),
                    ("percent", change.percent.map { .double(($0 * 10).rounded() / 10) } ?? .null),
                    ("regression", .bool(change.isRegression)),
                ]))
            })),
        ]))
    }

    /// Exact: microseconds / 1000 prints as the shortest decimal that reads back as it.
    static func milliseconds(_ microseconds: Int64) -> JSONValue {
        microseconds % 1000 == 0 ? .int(microseconds / 1000) : .double(Double(microseconds) / 1000)
    }

    /// A baseline's distributions (class → phase → distribution) from a `stats --format json` output.
    /// Throws a message naming the offending member.
    public static func readBaseline(_ text: String) throws -> [String: [TimingPhase: Distribution]] {
        let document: JSONValue
        do { document = try JSONParser.parse(text) } catch { throw BaselineError(message: "not JSON: \(error)") }
        guard document["version"]?.intValue == 1, document["unit"]?.stringValue == "ms", let classes = document["classes"]?.arrayValue else {
            throw BaselineError(message: "not the output of 'lifeline stats --format json' (version 1, unit ms, classes)")
        }
        var baseline: [String: [TimingPhase: Distribution]] = [:]
        for (index, entry) in classes.enumerated() {
            guard let name = entry["class"]?.stringValue, let phases = entry["phases"]?.objectValue else {
                throw BaselineError(message: "/classes/\(index): needs 'class' and 'phases'")
            }
            var distributions: [TimingPhase: Distribution] = [:]
            for (key, value) in phases.pairs {
                guard let phase = TimingPhase(rawValue: key) else { throw BaselineError(message: "/classes/\(index)/phases/\(key): unknown phase") }
                let numbers = Distribution.Statistic.allCases.map { value[$0.rawValue]?.doubleValue }
                guard let count = value["count"]?.intValue, numbers.allSatisfy({ $0 != nil }) else {
                    throw BaselineError(message: "/classes/\(index)/phases/\(key): needs count, p50, p90, p99 and max")
                }
                let micro = numbers.map { Int64((($0 ?? 0) * 1000).rounded()) }
                distributions[phase] = Distribution(count: Int(count), p50: micro[0], p90: micro[1], p99: micro[2], max: micro[3], min: micro[0])
            }
            baseline[name] = distributions
        }
        return baseline
    }

    /// A baseline that cannot be read.
    public struct BaselineError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
