/// Runs the same analysis as `check` (`TraceAnalyzer`) with a `TimingCollector` observing it.
public enum ScreenTimingsBuilder {
    /// Measures `input` (what was read of it, once `shouldStop` says so). Throws only when it cannot be opened or read.
    public static func measure(_ input: TraceInput, options: AnalysisOptions, preloadGap: Double = TimingOptions.defaultPreloadGap,
                               unparseable: @escaping (UnparseableLine) -> Void = { _ in },
                               shouldStop: @escaping () -> Bool = { false }) throws -> (timings: ScreenTimings, statistics: TraceStatistics) {
        let collector = TimingCollector(file: input.displayName, preloadGap: preloadGap)
        var observer = TraceAnalyzer.Observer { _ in }
        observer.unparseable = unparseable
        observer.shouldStop = shouldStop
        observer.lentEvent = { event, instance, _ in collector.record(event, on: instance) }
        observer.instanceFinished = { collector.finished($0) }
        let statistics = try TraceAnalyzer(options: options).analyze(input, observer: observer)
        return (collector.finish(), statistics)
    }
}
