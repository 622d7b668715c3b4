#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one trace through the layers: read bytes → split lines → read prefixes and recognise events →
/// timelines → rules. Streams: memory follows live controllers, not input size.
public struct TraceAnalyzer: Sendable {
    public let options: AnalysisOptions
    /// Bytes read at a time, so the size of the chunks parsed and fed to the engine (whose clock moves once per
    /// chunk: parallel parsing keeps the same chunks). Memory in flight is a few of them. Small enough that a chunk
    /// is still in the core's cache when it is parsed: 1 MiB chunks cost about 12% more time on a 500 MB trace.
    var blockSize = 256 << 10

    public init(options: AnalysisOptions) { self.options = options }

    /// What an analysis reports as it goes.
    public struct Observer {
        /// A finding, as soon as it is certain (trace order is not guaranteed: end-of-trace findings come last).
        public var finding: (Finding) -> Void
        /// A line that could not be read.
        public var unparseable: (UnparseableLine) -> Void = { _ in }
        /// Every event once placed on its instance, with its line (for timeline reports).
        public var event: ((LifecycleEvent, Instance, String) -> Void)?
        /// The same, for observers that keep nothing of an event past the call but what they copy: its line's
        /// bytes are lent rather than made the event's `text`. Used instead of `event`.
        var lentEvent: ((LifecycleEvent, Instance, Bytes) -> Void)?
        /// Every instance once final (for timeline reports).
        public var instanceFinished: ((Instance) -> Void)?
        /// A followed file was truncated or replaced: its lines are read again from line 1.
        public var restarted: (InputRestart) -> Void = { _ in }
        /// Whether to stop reading (Ctrl-C while following).
        public var shouldStop: () -> Bool = { false }
        /// The byte count of each block of input as the engine takes it, so that progress moves within one big file.
        public var bytesTaken: (Int) -> Void = { _ in }

        public init(finding: @escaping (Finding) -> Void) { self.finding = finding }
    }

    /// Analyses `input` as one trace. Throws only when the input cannot be opened or read.
    public func analyze(_ input: TraceInput, observer: Observer) throws -> TraceStatistics {
        let reader = try input.reader(blockSize: blockSize, follow: options.follow, throughLink: options.opensThroughLink,
                                      writerPatience: options.writerPatience,
                                      shouldStop: observer.shouldStop)
        let appEvents = options.allAppEvents
        var stage = InOrderStage(engine: makeEngine(file: input.displayName, observer: observer), observer: observer,
                                 late: LateAppEvents(appEvents))
        if reader.rereadable, case .file(let path) = input, let file = FileRereader(path: path) { stage.engine.rereadEvidence(from: file) }
        var parser = ChunkParser(customPatterns: options.customPatterns, appEvents: appEvents?.compiled())  // its own: the options may be shared
        if parsesInParallel, !(try parseInParallel(reader, appEvents: appEvents, fallback: &parser, into: &stage)) {
            return stage.finish()
        }
        while let chunk = try reader.next(shouldStop: observer.shouldStop) {
            stage.take(chunk, parser.parse(chunk))
            reader.recycle(chunk.bytes)
            if observer.shouldStop() { break }
        }
        if let rest = parser.finish() { stage.take(Chunk(bytes: []), rest) }  // a `[{` whose object never ended
        return stage.finish()
    }

    /// Worker threads pay off for files read to their end; following reads line by line, on the calling thread.
    private var parsesInParallel: Bool {
        options.parallelism > 1 && !options.follow
    }

    /// Reads and parses chunks on worker threads while this thread (one of `options.parallelism`) feeds the chunk
    /// before them to the engine, and reads or parses itself when it would otherwise wait; a few chunks are alive
    /// at a time.
    /// Returns whether the rest of the input must still be parsed in order: true from the first chunk that holds
    /// a `--style json` array, which this re-parses (with the chunks after it) with `fallback`.
    private func parseInParallel(_ reader: ChunkReader, appEvents: AppEventPatterns?, fallback: inout ChunkParser,
                                 into stage: inout InOrderStage) throws -> Bool {
        let pool = ParallelChunkParser(reading: reader, shouldStop: stage.observer.shouldStop, workers: options.parallelism - 1, limit: 2,
                                       customPatterns: options.customPatterns, appEvents: appEvents)
        defer { pool.close() }
        while let (chunk, pieces) = try pool.next() {
            if pieces.contains(where: \.usedJSONArray) {
                for pending in [chunk] + pool.abandon() { stage.take(pending, fallback.parse(pending)) }
                return !stage.observer.shouldStop()
            }
            var pieces = pieces
            stage.take(chunk, pieces: &pieces)  // the events are renumbered in place, not copied
            pool.free(pieces, bytes: chunk.bytes)
            if stage.observer.shouldStop() { return false }
        }
        return false
    }

    func makeEngine(file: String, observer: Observer) -> RuleEngine {
        var settings = options.settings
        settings.reportLeaksEagerly = settings.reportLeaksEagerly || options.follow
        let rules = options.rules.map { $0.init() } + options.customRules.map(RuleTemplates.rule(for:)) as [any Rule]
        let engine = RuleEngine(rules: rules, settings: settings, ignoredClasses: options.ignoredClasses,
                                firstSweep: options.compactionThreshold) { finding in
            var located = finding
            located.file = file
            observer.finding(located)
        }
        if let event = observer.event { engine.onEvent = event } else if let lent = observer.lentEvent { engine.onLentEvent = lent }
        engine.onInstanceFinished = observer.instanceFinished
        engine.finishesOnTwoThreads = parsesInParallel
        return engine
    }
}

/// The in-order stage: renumbers each parsed chunk's lines, gives device-syslog times their year, feeds the
/// events to the engine and counts the lines.
struct InOrderStage {
    let engine: RuleEngine
    let observer: TraceAnalyzer.Observer
    private var statistics = TraceStatistics()
    private var linesBefore = 0
    /// The first lines that were not events: unattributed ones come first in `statistics.samples`.
    private var unattributedSamples: [SampleLine] = []
    private var otherSamples: [SampleLine] = []
    private var yearlessClock = YearlessClock()
    /// App event patterns tried here, on the lines the parser kept (`ParsedChunk.lateLines`); nil when none.
    private let late: LateAppEvents?
    /// The file's word on its labels. While an event waits in it, late app events wait there too, in line order
    /// (they are placed by the callback running on their thread when their line is read).
    private var vouching = LabelVouching<LifecycleEvent>()

    init(engine: RuleEngine, observer: TraceAnalyzer.Observer, late: LateAppEvents? = nil) {
        self.engine = engine
        self.observer = observer
        self.late = late
    }

    mutating func take(_ chunk: Chunk, _ parsed: consuming ParsedChunk) {
        var pieces = [parsed]  // moved, not copied: the events are renumbered in place
        take(chunk, pieces: &pieces)
    }

    /// Takes a chunk parsed in consecutive pieces (line numbers in each counting from its own first line) just
    /// as if it had been parsed whole: unparseable lines first, then events, then the engine's clock moves once.
    mutating func take(_ chunk: Chunk, pieces: inout [ParsedChunk]) {
        if let reason = chunk.startsOver {  // line numbers follow the file as it is now; statistics count every line read
            linesBefore = 0
            observer.restarted(reason)
        }
        statistics.bytes += chunk.bytes.count + chunk.skippedBytes
        observer.bytesTaken(chunk.bytes.count + chunk.skippedBytes)
        var offset = linesBefore
        for index in pieces.indices {
            statistics.lines += pieces[index].lineCount
            statistics.events += pieces[index].events.count - pieces[index].appEvents
            statistics.appEvents += pieces[index].appEvents
            statistics.otherLines += pieces[index].otherLines
            statistics.unattributedLines += pieces[index].unattributedCallbacks
            statistics.unparseableLines += pieces[index].unparseable.count
            for var bad in pieces[index].unparseable {
                bad.line += offset
                observer.unparseable(bad)
            }
            keep(pieces[index].unattributedSamples, in: &unattributedSamples, offset: offset)
            keep(pieces[index].otherSamples, in: &otherSamples, offset: offset)
            offset += pieces[index].lineCount
        }
        // The engine borrows each line's bytes while it handles the event (an observer of every event that keeps the
        // line gets it as a `String`, made from them).
        chunk.bytes.withUnsafeBufferPointer { bytes in
            for index in pieces.indices {
                let lateLines = pieces[index].lateLines
                var nextLate = 0
                engine.feed { tracker in
                    tracker.lend(bytes, fileOffset: chunk.fileOffset)
                    defer { tracker.lend(Bytes(start: nil, count: 0), fileOffset: nil) }
                    pieces[index].events.withUnsafeMutableBufferPointer { events in
                        for event in events.indices {  // renumbered in place and lent to the engine: events are not copied
                            if nextLate < lateLines.count, Int(lateLines[nextLate].line) < events[event].line {  // the kept lines before this event go first
                                nextLate = takeLate(lateLines, from: nextLate, before: events[event].line, bytes, into: &tracker)
                            }
                            events[event].line += linesBefore
                            resolveYear(&events[event])
                            if events[event].vouching == .showsPrintSite, vouching.isIdle {
                                vouching.learn(.init(events[event]), line: events[event].line)
                            } else if events[event].vouching != .none || !vouching.isIdle {
                                vouch(events[event], bytes, into: &tracker)
                                continue
                            }
                            if let range = events[event].textBytes {
                                tracker.consume(&events[event], line: UnsafeBufferPointer(rebasing: bytes[range]))
                            } else {
                                tracker.consume(&events[event])
                            }
                        }
                    }
                    if nextLate < lateLines.count {
                        _ = takeLate(lateLines, from: nextLate, before: Int.max, bytes, into: &tracker)
                    }
                }
                linesBefore += pieces[index].lineCount
            }
        }
        if let lastTime = pieces.last(where: { $0.lastTime != nil })?.lastTime {
            yearlessClock.observeDated(lastTime)
            engine.observeTime(lastTime)
        }
    }

    /// Feeds an event through the file's word on its labels (`LabelVouching`): it may wait, with its line as text,
    /// for a line that vouches for its label, and the events after it wait with it.
    private mutating func vouch(_ event: LifecycleEvent, _ bytes: Bytes, into tracker: inout TimelineTracker<RuleRunner>) {
        var owned = event
        if let range = owned.textBytes {
            owned.text = bytes.string(range)
            owned.textBytes = nil
        }
        let name = owned.controller.map { LabelVouching<LifecycleEvent>.Name(process: owned.process, name: $0.interned) }
        vouching.take(owned, line: owned.line, role: owned.vouching, name: name, site: .init(owned)) { event, decision in
            guard decision.isKept else { return }
            var event = event
            tracker.consume(&event)
        }
    }

    /// Feeds the engine's tracker the app events of the kept lines from `start` that come before chunk line `limit`;
    /// returns the index of the first line not taken. The timeline says which callback runs on a line's thread:
    /// a line is tried only while one that a late pattern cares about does.
    private mutating func takeLate(_ lines: [LateLine], from start: Int, before limit: Int, _ bytes: Bytes,
                                   into tracker: inout TimelineTracker<RuleRunner>) -> Int {
        guard let late else { return lines.count }
        var index = start
        while index < lines.count, Int(lines[index].line) < limit {
            defer { index += 1 }
            guard let running = tracker.runningCallback(process: lines[index].process, thread: lines[index].thread),
                  late.matters(running) else { continue }
            for var event in late.events(lines[index], line: Int(lines[index].line) + linesBefore, running: running, in: bytes) {
                statistics.appEvents += 1
                resolveYear(&event)
                if !vouching.isIdle {
                    event.text = bytes.string(lines[index].bytes)
                    vouch(event, bytes, into: &tracker)
                    continue
                }
                tracker.consume(&event, line: UnsafeBufferPointer(rebasing: bytes[lines[index].bytes]))
            }
        }
        return index
    }

    /// Device syslog has no year: the latest dated line's year is taken, in trace order.
    private mutating func resolveYear(_ event: inout LifecycleEvent) {
        if let yearless = event.yearless {
            event.time = yearlessClock.time(month: yearless.month, day: yearless.day, secondOfDay: yearless.secondOfDay)
            event.yearless = nil
        } else if let time = event.time {
            yearlessClock.observeDated(time)
        }
    }

    private func keep(_ samples: [SampleLine], in kept: inout [SampleLine], offset: Int) {
        for var sample in samples where kept.count < TraceStatistics.sampleLimit {
            sample.line += offset
            kept.append(sample)
        }
    }

    /// Ends the trace (end-of-trace findings) and returns its statistics.
    mutating func finish() -> TraceStatistics {
        if !vouching.isIdle {
            engine.feed { tracker in
                vouching.finish { event, decision in
                    guard decision.isKept else { return }
                    var event = event
                    tracker.consume(&event)
                }
            }
        }
        engine.finish()
        var final = statistics
        // Callbacks no line vouched for are unattributed lines, not events.
        final.events -= vouching.refused
        final.unattributedLines += vouching.refused
        final.otherLines += vouching.refused
        final.samples = (unattributedSamples + otherSamples).prefix(TraceStatistics.sampleLimit).sorted { $0.line < $1.line }
        final.controllers = engine.instanceCount
        final.unattributedLines += engine.unattributedEvents
        final.otherLines += engine.unattributedEvents
        final.events -= engine.unattributedEvents
        final.ignoredEvents = engine.ignoredEvents
        final.unattachedAppEvents = engine.unattachedAppEvents
        return final
    }
}
