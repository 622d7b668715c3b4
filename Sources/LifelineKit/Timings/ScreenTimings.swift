/// One of the slowest measurements of a phase: where to look.
public struct SlowInstance: Sendable, Equatable {
    public var microseconds: Int64
    public var file: String
    /// The line that ended the phase.
    public var line: Int
    /// The instance's serial in its trace: its lane in the timeline reports.
    public var serial: Int
    /// `Instance.id`: `Shop[4089]/Shop.CartViewController@0x7f01#1`.
    public var instance: String
    /// Its lane's label in the timeline reports: `Shop.CartViewController 0x7f01`.
    public var label: String

    /// Slower first; among equal times, earlier files and lines first.
    func isSlower(than other: SlowInstance, files: [String]) -> Bool {
        if microseconds != other.microseconds { return microseconds > other.microseconds }
        if file != other.file { return (files.firstIndex(of: file) ?? 0) < (files.firstIndex(of: other.file) ?? 0) }
        return line < other.line
    }
}

/// Everything measured of one controller class.
public struct ClassSamples: Sendable {
    public var name: String
    /// Instances seen (each object once, however often it appeared).
    public var instances = 0
    /// Instances none of whose lines had a timestamp: they are counted, never measured.
    public var untimed = 0
    /// Instances whose first `viewWillAppear` came long after their `viewDidLoad` (see `TimingPhase.timeToAppear`).
    public var preloaded = 0
    /// Cancelled interactive transitions: left out of the appear and disappear figures.
    public var cancelled = 0
    /// Microseconds, per phase, in trace order.
    public var samples: [TimingPhase: [Int64]] = [:]
    /// The slowest measurements per phase, slowest first (at most `slowestKept`).
    public var slowest: [TimingPhase: [SlowInstance]] = [:]

    /// How many of the slowest measurements are kept per phase.
    public static let slowestKept = 3

    public init(name: String) { self.name = name }

    /// Adds a measurement; `instance` is made only when it is among the slowest so far (naming it costs strings).
    mutating func add(_ sample: InstanceClock.Sample, at instance: () -> SlowInstance) {
        samples[sample.phase, default: []].append(sample.microseconds)
        let kept = slowest[sample.phase]
        if let kept, kept.count >= Self.slowestKept, let last = kept.last, sample.microseconds <= last.microseconds { return }
        let candidate = instance()
        keepIfSlow([candidate], sample.phase, files: [candidate.file])
    }

    /// Keeps the slowest of `candidates` and those kept, at most `slowestKept`.
    mutating func keepIfSlow(_ candidates: [SlowInstance], _ phase: TimingPhase, files: [String]) {
        var kept = slowest[phase, default: []]
        for candidate in candidates {
            let position = kept.firstIndex { candidate.isSlower(than: $0, files: files) } ?? kept.count
            if position < Self.slowestKept { kept.insert(candidate, at: position) }
            if kept.count > Self.slowestKept { kept.removeLast() }
        }
        slowest[phase] = kept
    }

    /// The distribution of each measured phase.
    public var distributions: [(phase: TimingPhase, distribution: Distribution)] {
        TimingPhase.allCases.compactMap { phase in samples[phase].flatMap(Distribution.init(samples:)).map { (phase, $0) } }
    }
}

/// Screen timings of one or more traces, per controller class.
public struct ScreenTimings: Sendable {
    /// The traces measured, in the order given.
    public var files: [String]
    /// Per class, sorted by name.
    public var classes: [ClassSamples]
    /// The finest step of the logs' clocks, in microseconds: the largest power of ten (up to 1 s) every
    /// timestamp measured from is a multiple of; `nil` without timestamps. Device syslog has whole seconds, so its
    /// measurements are multiples of 1 s and a 0 means "under a second".
    public var clockResolution: Int64?

    /// Timings of `files`, made of `samples` in any order.
    public init(files: [String], samples: [ClassSamples]) {
        self.files = files
        self.classes = samples.sorted { $0.name < $1.name }
    }

    /// The timings of several traces together, as one run (traces in the order given, or in `fileOrder`: the
    /// order ties among the slowest go by).
    public static func merged(_ parts: [ScreenTimings], fileOrder: [String]? = nil) -> ScreenTimings {
        let files = fileOrder ?? parts.flatMap(\.files)
        var byName: [String: ClassSamples] = [:]
        for part in parts {
            for entry in part.classes {
                guard var merged = byName[entry.name] else {
                    byName[entry.name] = entry
                    continue
                }
                merged.instances += entry.instances
                merged.untimed += entry.untimed
                merged.preloaded += entry.preloaded
                merged.cancelled += entry.cancelled
                for (phase, values) in entry.samples { merged.samples[phase, default: []] += values }
                for (phase, slow) in entry.slowest { merged.keepIfSlow(slow, phase, files: files) }
                byName[entry.name] = merged
            }
        }
        var timings = ScreenTimings(files: files, samples: Array(byName.values))
        timings.clockResolution = parts.compactMap(\.clockResolution).max()  // the coarsest clock bounds every figure
        return timings
    }

    /// Whether the logs' timestamps have whole seconds only (device syslog), so that `microseconds` under a second
    /// cannot be told from 0: `< 1 s`. Finer clocks are not judged: a few timestamps that happen to end in 0 do
    /// not make a millisecond clock a coarser one.
    public func isBelowResolution(_ microseconds: Int64) -> Bool {
        clockResolution == 1_000_000 && microseconds < 1_000_000
    }

    /// Instances over all classes.
    public var instances: Int { classes.reduce(0) { $0 + $1.instances } }
}
