/// Measures screen timings as an analysis places events (`TraceAnalyzer.Observer`), one trace at a time.
///
/// Memory: no line is kept. Each instance with a phase still open has a small clock (at most 128 bytes), dropped
/// once the instance is at rest (loaded, appeared, off screen, timed): so for a timed trace it follows the live
/// controllers, as the engine does; a trace without timestamps keeps one per instance until it ends, and measures
/// nothing. Each measured phase keeps its length, 8 bytes, to give exact percentiles: a trace of 10 million
/// screen visits holds about 400 MB of samples.
public final class TimingCollector {
    private let file: String
    private let preloadGap: Double
    private var classes: [ClassSamples] = []
    private var classIndex: [String: Int] = [:]
    /// Open clocks, by instance serial, with their class.
    private var clocks: [Int: (clock: InstanceClock, classIndex: Int)] = [:]
    /// Serials count up from 1 in order of first event: a serial above this one is an instance's first event.
    private var lastSerial = 0
    /// The names of the instance last kept among the slowest: its phases share one copy of each, which a huge
    /// label would otherwise cost once per phase.
    private var lastNamed: (serial: Int, instance: String, label: String)?
    /// Completed appearances per process: a view loaded before another appeared was pre-loaded.
    private var appearances: [ProcessKey: Int] = [:]
    private var lastProcess: (key: ProcessKey, count: Int)?
    /// The clock resolution of the timestamps so far (`ScreenTimings.clockResolution`).
    private var resolution: Int64?

    /// A collector for the trace `file`. `preloadGap`: see `TimingOptions.defaultPreloadGap`.
    public init(file: String, preloadGap: Double = TimingOptions.defaultPreloadGap) {
        self.file = file
        self.preloadGap = preloadGap
    }

    /// Takes one event as the engine placed it on `instance` (an analysis observer's event hook).
    public func record(_ event: LifecycleEvent, on instance: Instance) {
        guard let callback = event.kind.callback else { return }
        if let time = event.time { resolution = min(resolution ?? Self.second, Self.resolution(of: time)) }
        let serial = instance.serial
        var entry: (clock: InstanceClock, classIndex: Int)
        if let open = clocks[serial] {
            entry = open
        } else if serial > lastSerial {
            lastSerial = serial
            entry = (InstanceClock(), index(of: instance.key.ref.name))
            classes[entry.classIndex].instances += 1
        } else {
            entry = (InstanceClock.resumed, index(of: instance.key.ref.name))
        }
        let count = appearances(of: event.process)
        let outcome = entry.clock.take(callback, at: event.time, line: event.line, appearances: count, preloadGap: preloadGap)
        if callback == .viewDidAppear {
            appearances[event.process] = count + 1
            lastProcess = nil
        }
        if outcome.preloaded { classes[entry.classIndex].preloaded += 1 }
        if outcome.cancelled { classes[entry.classIndex].cancelled += 1 }
        for sample in outcome.samples {
            classes[entry.classIndex].add(sample) {
                let names = self.names(of: instance)
                return SlowInstance(microseconds: sample.microseconds, file: file, line: sample.line, serial: serial,
                                    instance: names.instance, label: names.label)
            }
        }
        if entry.clock.isAtRest { clocks[serial] = nil } else { clocks[serial] = entry }
    }

    /// `instance`'s id and label, made once for its phases in a row.
    private func names(of instance: Instance) -> (instance: String, label: String) {
        if let named = lastNamed, named.serial == instance.serial { return (named.instance, named.label) }
        let named = (instance.serial, instance.key.id(generation: instance.generation), instance.key.label(generation: instance.generation))
        lastNamed = named
        return (named.1, named.2)
    }

    /// `instance` is final (`TraceAnalyzer.Observer.instanceFinished`): its clock goes.
    public func finished(_ instance: Instance) {
        guard let entry = clocks.removeValue(forKey: instance.serial), !entry.clock.timed else { return }
        classes[entry.classIndex].untimed += 1
    }

    /// The trace's timings, once it has ended. Instances whose clock is still open and never saw a timestamp
    /// count as untimed (a clock at rest was timed).
    public func finish() -> ScreenTimings {
        for (_, entry) in clocks where !entry.clock.timed { classes[entry.classIndex].untimed += 1 }
        clocks.removeAll()
        var timings = ScreenTimings(files: [file], samples: classes)
        timings.clockResolution = resolution
        return timings
    }

    private static let second: Int64 = 1_000_000

    /// The largest power of ten of microseconds, up to a second, that `time`'s fraction of a second is a
    /// multiple of: 1 s for `10:49:46`, 100 ms for `.100`, 1 ms for `.123`, 1 µs for `.123456`.
    static func resolution(of time: TraceTime) -> Int64 {
        var fraction = ((time.microseconds % second) + second) % second
        guard fraction != 0 else { return second }
        var unit: Int64 = 1
        while fraction % 10 == 0 {
            fraction /= 10
            unit *= 10
        }
        return unit
    }

    /// `appearances[process]`, remembered for the last process asked about (traces rarely switch processes).
    private func appearances(of process: ProcessKey) -> Int {
        if let lastProcess, lastProcess.key == process { return lastProcess.count }
        let count = appearances[process] ?? 0
        lastProcess = (process, count)
        return count
    }

    /// Instances whose clock is kept (a phase open, or no timestamp yet).
    var openClocks: Int { clocks.count }

    private func index(of name: String) -> Int {
        if let index = classIndex[name] { return index }
        classes.append(ClassSamples(name: name))
        classIndex[name] = classes.count - 1
        return classes.count - 1
    }
}

/// Options of `lifeline stats`.
public enum TimingOptions {
    /// Seconds between `viewDidLoad` and the first `viewWillAppear` beyond which a view counts as pre-loaded.
    public static let defaultPreloadGap = 2.0
}
