#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one trace through the layers: read bytes → split lines → read prefixes and recognise events →
/// timelines → rules. Streams: memory follows live controllers, not input size.
public struct TraceAnalyzer: Sendable {
    public let options: AnalysisOptions

    public init(options: AnalysisOptions) { self.options = options }

    /// What an analysis reports as it goes.
    public struct Observer {
        /// A finding, as soon as it is certain (trace order is not guaranteed: end-of-trace findings come last).
        public var finding: (Finding) -> Void
        /// A line that could not be read.
        public var unparseable: (UnparseableLine) -> Void = { _ in }
        /// Every event once placed on its instance (for timeline reports).
        public var event: ((LifecycleEvent, Instance) -> Void)?
        /// Every instance once final (for timeline reports).
        public var instanceFinished: ((Instance) -> Void)?
        /// Whether to stop reading (Ctrl-C while following).
        public var shouldStop: () -> Bool = { false }

        public init(finding: @escaping (Finding) -> Void) { self.finding = finding }
    }

    /// Analyses `input` as one trace. Throws only when the input cannot be opened or read.
    public func analyze(_ input: TraceInput, observer: Observer) throws -> TraceStatistics {
        let descriptor = try input.open()
        defer { if input != .standardInput { close(descriptor) } }
        let reader = ChunkReader(descriptor: descriptor, follow: options.follow)
        let file = input.displayName
        let engine = makeEngine(file: file, observer: observer)
        var parser = ChunkParser(customPatterns: options.customPatterns)
        var statistics = TraceStatistics()
        var linesBefore = 0
        while let chunk = try reader.next(shouldStop: observer.shouldStop) {
            statistics.bytes += chunk.bytes.count
            let parsed = parser.parse(chunk)
            feed(parsed, linesBefore: linesBefore, into: engine, statistics: &statistics, observer: observer)
            linesBefore += parsed.lineCount
            if observer.shouldStop() { break }
        }
        engine.finish()
        statistics.controllers = engine.instanceCount
        statistics.unattributedLines += engine.unattributedEvents
        statistics.otherLines += engine.unattributedEvents
        statistics.events -= engine.unattributedEvents
        statistics.ignoredEvents = engine.ignoredEvents
        return statistics
    }

    func makeEngine(file: String, observer: Observer) -> TimelineEngine {
        var settings = options.settings
        settings.reportLeaksEagerly = settings.reportLeaksEagerly || options.follow
        let engine = TimelineEngine(rules: options.rules.map { $0.init() }, settings: settings,
                                    ignoredClasses: options.ignoredClasses) { finding in
            var located = finding
            located.file = file
            observer.finding(located)
        }
        engine.onEvent = observer.event
        engine.onInstanceFinished = observer.instanceFinished
        return engine
    }

    /// The in-order stage: renumbers a parsed chunk's lines and feeds its events to the engine.
    func feed(_ parsed: ParsedChunk, linesBefore: Int, into engine: TimelineEngine, statistics: inout TraceStatistics,
              observer: Observer) {
        statistics.lines += parsed.lineCount
        statistics.events += parsed.events.count
        statistics.otherLines += parsed.otherLines
        statistics.unattributedLines += parsed.unattributedCallbacks
        statistics.unparseableLines += parsed.unparseable.count
        for var bad in parsed.unparseable {
            bad.line += linesBefore
            observer.unparseable(bad)
        }
        for var event in parsed.events {
            event.line += linesBefore
            engine.consume(event)
        }
        if let time = parsed.lastTime { engine.observeTime(time) }
    }
}
