import Foundation

/// Checks many traces at once: runs `TraceAnalyzer` over the inputs on `jobs` worker threads and returns each
/// input's outcome in input order, so nothing in the result depends on scheduling.
///
/// With several inputs each one is parsed on one thread (`parallelism = 1`); a single input gets all `jobs`
/// for its own parsing.
public struct Audit: Sendable {
    /// Worker threads (at least 1). With 1 every input is analysed on the calling thread.
    public var jobs: Int
    /// The analysis options for one input (configuration overrides, flags); throwing fails only that input.
    public var options: @Sendable (TraceInput) throws -> AnalysisOptions
    /// How many unparseable lines per input are kept for diagnostics (all are counted).
    public var unparseableKept = 10

    public init(jobs: Int, options: @escaping @Sendable (TraceInput) throws -> AnalysisOptions) {
        self.jobs = max(1, jobs)
        self.options = options
    }

    /// How one input went.
    public struct FileOutcome: Sendable {
        public var summary: FileSummary
        /// Its findings, in the order they were found.
        public var findings: [Finding]
        /// Its first `unparseableKept` unparseable lines.
        public var unparseable: [UnparseableLine]
    }

    /// What a run reports while it goes. Calls come from the worker threads, concurrently.
    public struct Hooks: Sendable {
        /// Each finding as soon as it is certain (for `--follow`).
        public var finding: @Sendable (Finding) -> Void = { _ in }
        /// Each unparseable line as it is read (for `--follow`).
        public var unparseable: @Sendable (UnparseableLine) -> Void = { _ in }
        /// A followed file was truncated or replaced, and is read again from its first line.
        public var restarted: @Sendable (TraceInput, InputRestart) -> Void = { _, _ in }
        /// Each input once done (for progress).
        public var fileFinished: @Sendable (FileSummary) -> Void = { _ in }
        /// Bytes of an input as they are read (for progress; about 256 KB at a time).
        public var bytesRead: @Sendable (Int) -> Void = { _ in }
        /// Whether to stop reading (Ctrl-C).
        public var shouldStop: @Sendable () -> Bool = { false }

        public init() {}
    }

    /// Analyses every input and returns their outcomes in input order.
    public func run(_ inputs: [TraceInput], hooks: Hooks = Hooks()) -> [FileOutcome] {
        let parallelism = parallelism(inputCount: inputs.count)
        let workers = min(jobs, inputs.count)
        guard workers > 1 else { return inputs.map { analyze($0, parallelism: parallelism, hooks: hooks) } }
        let queue = WorkQueue(count: inputs.count)
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                while let index = queue.claim() {
                    queue.store(analyze(inputs[index], parallelism: parallelism, hooks: hooks), at: index)
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        return queue.outcomes
    }

    /// Threads each input may use for its own parsing: all of them for a single input, else 1.
    func parallelism(inputCount: Int) -> Int { inputCount == 1 ? jobs : 1 }

    private func analyze(_ input: TraceInput, parallelism: Int, hooks: Hooks) -> FileOutcome {
        var outcome = FileOutcome(summary: FileSummary(path: input.displayName, statistics: TraceStatistics()),
                                  findings: [], unparseable: [])
        do {
            var options = try options(input)
            options.parallelism = parallelism
            var observer = TraceAnalyzer.Observer { finding in
                outcome.findings.append(finding)
                hooks.finding(finding)
            }
            observer.unparseable = { line in
                if outcome.unparseable.count < unparseableKept { outcome.unparseable.append(line) }
                hooks.unparseable(line)
            }
            observer.shouldStop = hooks.shouldStop
            observer.bytesTaken = hooks.bytesRead
            observer.restarted = { reason in hooks.restarted(input, reason) }
            let statistics = try TraceAnalyzer(options: options).analyze(input, observer: observer)
            outcome.summary.statistics = statistics
        } catch {
            outcome.summary.failure = "\(error)"
        }
        hooks.fileFinished(outcome.summary)
        return outcome
    }
}

/// Hands out input indices to workers and collects their outcomes.
private final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var slots: [Audit.FileOutcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claim() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ outcome: Audit.FileOutcome, at index: Int) {
        lock.withLock { slots[index] = outcome }
    }

    /// Every outcome, once all are stored.
    var outcomes: [Audit.FileOutcome] {
        lock.withLock { slots.map { $0! } }
    }
}
