import Foundation
import LifelineKit

/// Reports unparseable lines on standard error: the first few per input by line, then a count.
final class UnparseableReport: @unchecked Sendable {
    static let shownPerFile = 10
    let file: String
    private let lock = NSLock()
    private var count = 0

    init(file: String) { self.file = file }

    /// Reports one line as it is read (`--follow`).
    func note(_ line: UnparseableLine) {
        let count = lock.withLock {
            self.count += 1
            return self.count
        }
        if count <= Self.shownPerFile {
            OutputStream.standardError.diagnostic(Self.warning(file, line))
        } else if count == Self.shownPerFile + 1 {
            OutputStream.standardError.diagnostic("\(file): more unparseable lines follow; see --stats for the count")
        }
    }

    /// The diagnostics of a finished input: its first unparseable lines, how many more there were, why it
    /// could not be read, and (`eventless`, for `--require-events`) that it yielded no lifecycle event. Its notes
    /// are `unreadNotes`.
    static func diagnostics(for outcome: Audit.FileOutcome, eventless: Bool = false) -> [String] {
        let file = outcome.summary.path
        var lines = outcome.unparseable.prefix(shownPerFile).map { warning(file, $0) }
        let more = outcome.summary.statistics.unparseableLines - lines.count
        if more > 0 { lines.append("\(file): \(counted(more, "more unparseable line")) skipped") }
        if let failure = outcome.summary.failure { lines.append("\(file): error: \(failure)") }
        if eventless { lines.append("\(file): error: \(noEvent(outcome.summary.statistics)) (--require-events)") }
        return lines
    }

    /// A note for an input with no lifecycle event, or with callback lines naming no controller, and where to
    /// look next. Lines are quoted only from a file Lifeline read lifecycle events in: a file with none may not be a
    /// log at all (a link to a secret, a planted file) and CI logs are public, so it is described, not quoted.
    static func unreadNotes(_ file: String, _ stats: TraceStatistics) -> [String] {
        let hint = "\(file): note: `lifeline events \(file)` shows what each line was read as; a `patterns` entry in .lifeline.json teaches Lifeline a new shape"
        if stats.recognisedNothing {
            return ["\(file): note: no lifecycle events recognised in \(counted(stats.lines, "line")): \(description(of: stats))", hint]
        }
        guard stats.unattributedLines > 0, stats.samples.contains(where: { $0.reason != nil }) else { return [] }
        let header = "\(file): note: \(counted(stats.unattributedLines, "line")) \(stats.unattributedLines == 1 ? "mentions" : "mention") a callback but \(stats.unattributedLines == 1 ? "names" : "name") no controller"
        let shown = stats.samples.filter { $0.reason != nil }.map { sample in
            "\(file):\(sample.line): \(sample.text.prefix(160))" + (sample.reason.map { "  (\($0))" } ?? "")
        }
        return [header + (shown.isEmpty ? "" : "; for example:")] + shown + [hint]
    }

    /// What a file with no lifecycle event looks like, from its counts alone: `2 mention a callback but name no
    /// controller (lines 3, 9); 1 unparseable`, or `no line mentions a lifecycle callback`.
    private static func description(of stats: TraceStatistics) -> String {
        var parts: [String] = []
        if stats.unattributedLines > 0 {
            let lines = stats.samples.filter { $0.reason != nil }.map { String($0.line) }
            let at = lines.isEmpty ? "" : " (line\(lines.count == 1 ? "" : "s") \(lines.joined(separator: ", "))\(stats.unattributedLines > lines.count ? ", …" : ""))"
            parts.append("\(stats.unattributedLines) \(stats.unattributedLines == 1 ? "mentions" : "mention") a callback but \(stats.unattributedLines == 1 ? "names" : "name") no controller\(at)")
        } else {
            parts.append("no line mentions a lifecycle callback")
        }
        if stats.unparseableLines > 0 { parts.append("\(stats.unparseableLines) unparseable") }
        return parts.joined(separator: "; ")
    }

    /// Why an input failed `--require-events`: empty, or nothing in it recognised.
    static func noEvent(_ stats: TraceStatistics) -> String {
        stats.lines == 0 ? "no lifecycle event: the input is empty" : "no lifecycle event recognised"
    }

    private static func warning(_ file: String, _ line: UnparseableLine) -> String {
        "\(file):\(line.line): warning: unparseable line skipped: \(line.reason)"
    }
}

/// `--stats`: how every line was accounted for, and throughput.
enum StatisticsReport {
    static func render(_ result: AuditResult, seconds: Double) -> String {
        let stats = result.statistics
        let megabytes = Double(stats.bytes) / 1_048_576
        let rate = seconds > 0 ? megabytes / seconds : 0
        return """
        lines read:        \(stats.lines)
          lifecycle events: \(stats.events)\(stats.ignoredEvents > 0 ? " (\(stats.ignoredEvents) of ignored classes)" : "")
          other lines:      \(stats.otherLines)\(stats.unattributedLines > 0 ? " (\(stats.unattributedLines) unattributed: a callback or observer naming no controller)" : "")
          unparseable:      \(stats.unparseableLines)
        \(stats.appEvents > 0 ? "app events:        \(stats.appEvents) (on other lines\(stats.unattachedAppEvents > 0 ? "; \(stats.unattachedAppEvents) with no controller" : ""))\n" : "")\
        controllers:       \(stats.controllers)
        configuration:     \(result.configuration.map(VisibleText.escape) ?? "none (defaults)")
        throughput:        \(String(format: "%.1f", megabytes)) MB in \(String(format: "%.3f", seconds)) s (\(String(format: "%.1f", rate)) MB/s)

        """
    }
}

/// SIGINT (Ctrl-C), SIGTERM (a CI timeout, `kill`) and SIGHUP (a closed terminal or ssh session), handled alike
/// by the commands that read inputs: reading stops, no temporary file is left, and the run ends with 0, 1 or 2,
/// never by the signal. Following, the summary is then printed; otherwise the run is discarded with status 2,
/// as findings of part of the inputs would pass for all of them.
enum Interrupt {
    /// The signal received, 0 before any.
    nonisolated(unsafe) private static var received: sig_atomic_t = 0

    static let signals: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in Interrupt.received = signal }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked read returns so the reader can stop
        for (number, _) in signals { sigaction(number, &action, nil) }
    }

    @Sendable static func requested() -> Bool { received != 0 }

    /// The failure that ends a run a signal stopped before it read everything: `what` was not done.
    static func failure(_ what: String) -> CommandFailure {
        let name = signals.first { $0.number == received }?.name ?? "a signal"
        return CommandFailure(description: "interrupted by \(name) before every input was read: \(what)")
    }
}

/// `1 finding`, `3 findings`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
