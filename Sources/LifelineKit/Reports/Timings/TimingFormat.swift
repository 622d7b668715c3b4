/// Durations as the stats tables show them, from integer microseconds (no floating-point printing, no locale):
/// `0.42 ms`, `3.05 ms`, `412.3 ms`, `5.88 s`, `125.4 s`.
enum TimingFormat {
    static func duration(_ microseconds: Int64) -> String {
        if microseconds < 10_000 { return fixed(microseconds, unit: 1000, decimals: 2) + " ms" }
        if microseconds < 1_000_000 { return fixed(microseconds, unit: 1000, decimals: 1) + " ms" }
        if microseconds < 100_000_000 { return fixed(microseconds, unit: 1_000_000, decimals: 2) + " s" }
        return fixed(microseconds, unit: 1_000_000, decimals: 1) + " s"
    }

    /// `duration`, or `< 1 s` for a figure under the logs' clock resolution (`ScreenTimings.isBelowResolution`).
    static func duration(_ microseconds: Int64, in timings: ScreenTimings) -> String {
        timings.isBelowResolution(microseconds) ? "< 1 s" : duration(microseconds)
    }

    /// Why a figure reads `< 1 s`, for the end of a table that has one; empty when none does.
    static func resolutionNote(_ timings: ScreenTimings) -> String {
        let marked = timings.classes.contains { entry in
            entry.distributions.contains { timings.isBelowResolution($0.distribution.value(.p50)) }
        }
        return marked ? "< 1 s: under the clock resolution of the logs, whose timestamps have whole seconds\n" : ""
    }

    /// `value / unit` rounded half up to `decimals` places.
    static func fixed(_ value: Int64, unit: Int64, decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale + unit / 2) / unit
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `+30.0%`, `-4.2%`, `±0.0%`; `new`/`gone` when a run did not measure it, `from 0` from a zero baseline.
    static func change(_ change: TimingComparison.Change) -> String {
        guard let before = change.before else { return "new" }
        guard let after = change.after else { return "gone" }
        guard let percent = change.percent else { return after == before ? "±0.0%" : "from 0" }
        let tenths = Int64((percent * 10).rounded())
        let sign = tenths > 0 ? "+" : tenths < 0 ? "-" : "±"
        return sign + "\(abs(tenths) / 10).\(abs(tenths) % 10)%"
    }

    /// `3 instances, 1 pre-loaded, 2 cancelled transitions, 1 without timestamps`.
    static func counts(_ entry: ClassSamples) -> String {
        var parts = [plural(entry.instances, "instance")]
        if entry.preloaded > 0 { parts.append("\(entry.preloaded) pre-loaded") }
        if entry.cancelled > 0 { parts.append(plural(entry.cancelled, "cancelled transition")) }
        if entry.untimed > 0 { parts.append("\(entry.untimed) without timestamps") }
        return parts.joined(separator: ", ")
    }

    static func classes(_ count: Int) -> String { count == 1 ? "1 class" : "\(count) classes" }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// `text` right-aligned in `width` columns; wider text keeps a space before it, so columns never run together.
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
