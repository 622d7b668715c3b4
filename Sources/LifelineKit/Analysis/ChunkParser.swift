/// A line that could not be read, with why.
public struct UnparseableLine: Sendable, Equatable {
    public var line: Int
    public var reason: String
}

/// What one chunk of lines turned into. Line numbers are relative to the chunk (from 1) until the in-order
/// stage adds the lines of the chunks before it.
struct ParsedChunk: Sendable {
    var lineCount = 0
    var events: [LifecycleEvent] = []
    var otherLines = 0
    /// Of `events`, the app events (their lines are among the other lines: they are not lifecycle events).
    var appEvents = 0
    /// The other lines that a late app event pattern may match (`LateAppEvents`), in line order: the in-order
    /// stage tries the pattern on those logged while the timeline has one of the pattern's callbacks running on
    /// their thread.
    var lateLines: [LateLine] = []
    /// Callback words with no controller to attach them to (counted among the other lines too).
    var unattributedCallbacks = 0
    /// The chunk's first unattributed callback lines (with why) and first non-blank other lines, a few of each.
    var unattributedSamples: [SampleLine] = []
    var otherSamples: [SampleLine] = []
    var unparseable: [UnparseableLine] = []
    /// The latest timestamp among the chunk's lines.
    var lastTime: TraceTime?
    /// The chunk fed the `--style json` assembler, whose state crosses chunks: it must be parsed in order.
    var usedJSONArray = false

    /// Adds a lifecycle event whose line the in-order stage lends the engine (`textBytes`). Not inlined and taking its
    /// parts: built here from them, the event is copied once less than in the parser's long switch.
    @inline(never)
    mutating func appendEvent(line: Int, time: TraceTime?, process: consuming ProcessKey, thread: UInt64?, kind: consuming EventKind,
                              controller: consuming ControllerRef?, argument: consuming ControllerArgument?, yearless: YearlessTime?,
                              textBytes: Range<Int>, vouching: LabelVouchingRole = .none, printSite: UInt32 = 0) {
        let event = LifecycleEvent(line: line, time: time, process: process, thread: thread, kind: kind, controller: controller,
                                   argument: argument, text: nil, yearless: yearless, textBytes: textBytes, vouching: vouching,
                                   printSite: printSite)
        events.append(consume event)
    }
}

/// A line that is not a lifecycle event, kept (as a place in its chunk) for the in-order stage's app event patterns.
/// Small, as many are kept and few match: its time is read again from the line when it is an event.
struct LateLine: Sendable {
    var line: Int32
    /// Its thread, as the timeline knows threads (`TimelineTracker.runningCallback`).
    var process: ProcessKey
    var thread: UInt64?
    /// The whole line and its message, in the chunk's bytes.
    var start: Int32
    var end: Int32
    var messageStart: Int32
    var messageEnd: Int32

    var bytes: Range<Int> { Int(start)..<Int(end) }
    var message: Range<Int> { Int(messageStart)..<Int(messageEnd) }
}

/// Reads the prefix of each line of a chunk (`LineSplitter`, `LineClassifier`) and recognises lifecycle events in its
/// message (`EventRecognizer`), and app events in the others.
/// Pure apart from the `--style json` assembler, so chunks of line-oriented formats can be parsed in parallel.
struct ChunkParser {
    var customPatterns: CustomPatterns?
    /// The configuration's `events`, tried on lines that are not lifecycle events; nil when there are none.
    var appEvents: CompiledAppEvents?
    private var assembler = JSONArrayAssembler()
    /// Each distinct process name numbered once, and only for events and the threads they run on.
    private var processNames = ProcessNames()
    private var recognizer = EventRecognizer()
    /// Lines of one minute share their timestamp's date, hour and minute.
    private var minutes = MinuteCache()
    /// Whether the chunk being parsed has a `~` (a C# finalizer may be logged); most have none, and their messages
    /// are not searched for one.
    private var chunkHoldsTilde = true

    /// Called with what each line was read as, numbered within its chunk (`LineExplainer`); nil when checking.
    var explain: ((LineExplanation) -> Void)?
    /// Explanations of `--style json` structure lines, held until their record is read: the record is explained
    /// on its message line, which is then not also explained as structure.
    private var heldStructure: [LineExplanation] = []

    /// Whether lines are kept for late app event patterns (`ParsedChunk.lateLines`), and whether the parser screens
    /// them for the patterns' literals first: only when the patterns have no words the recogniser can watch for.
    private let keepsLateLines: Bool
    private var screensLateLines = false

    init(customPatterns: CustomPatterns? = nil, appEvents: CompiledAppEvents? = nil) {
        self.customPatterns = customPatterns
        self.appEvents = appEvents
        keepsLateLines = appEvents?.hasLatePatterns == true
        if let appEvents, keepsLateLines {
            // The recogniser's sieve stops at the words a late pattern needs as at keywords: it tells which messages
            // hold one, and only those are screened (most lines, at little cost).
            let words = appEvents.lateWordStarts
            recognizer = EventRecognizer(watching: words)
            screensLateLines = words == nil
        }
    }

    /// A parser as this one was made, with nothing of the lines it read.
    func restarted() -> ChunkParser { ChunkParser(customPatterns: customPatterns, appEvents: appEvents) }

    /// Whether the parser is inside a `--style json` array, which must be read in order.
    var isInsideJSONArray: Bool { assembler.isInside }

    /// Parses a whole chunk, reading it as parsing on several threads reads its pieces (`ChunkPieces`): a wrapped
    /// message ends where its piece does.
    mutating func parse(_ chunk: Chunk) -> ParsedChunk {
        parse(chunk, lines: 0..<chunk.bytes.count, pieceEnds: ChunkPieces.of(chunk).map(\.upperBound))
    }

    /// Parses the lines of one piece of a chunk (`ChunkPieces`).
    mutating func parse(_ chunk: Chunk, piece: Range<Int>) -> ParsedChunk {
        parse(chunk, lines: piece, pieceEnds: [piece.upperBound])
    }

    /// Parses the whole lines in `range` of the chunk (which starts at a line and ends after a newline or at the
    /// chunk's end); line numbers count from the range's first line.
    private mutating func parse(_ chunk: Chunk, lines range: Range<Int>, pieceEnds: [Int]) -> ParsedChunk {
        self.pieceEnds = pieceEnds
        var result = ParsedChunk()
        result.events.reserveCapacity(range.count / 192)  // NSLog traces have about one event in 260 bytes: seldom grown
        if keepsLateLines { result.lateLines.reserveCapacity(range.count / 512) }
        chunk.bytes.withUnsafeBufferPointer { bytes in
            if chunk.isOverlongLine {
                result.lineCount = 1
                let reason = "line longer than \(bytes.count >> 20) MiB; skipped"
                result.unparseable.append(UnparseableLine(line: 1, reason: reason))
                explain?(LineExplanation(line: 1, text: bytes.string(0..<min(bytes.count, 200)) + "…", reading: .unparseable(reason)))
                return
            }
            chunkHoldsTilde = bytes.firstIndex(of: ASCII.tilde, in: range) != nil
            LineSplitter.forEachLine(in: bytes, range) { line, offset, screened in
                result.lineCount += 1
                parseLine(line, at: offset, number: result.lineCount, screened: screened, in: bytes, into: &result)
            }
            if isWrapping { endWrappedMessage(into: &result) }
        }
        if assembler.isInside {  // the object goes on in the next chunk: its lines are numbered from there
            assembler.chunkEnded(after: result.lineCount)
            for index in heldStructure.indices { heldStructure[index].line -= result.lineCount }
        }
        return result
    }

    /// At the end of the input: the lines of an object still open, read as ordinary lines (numbered back from the
    /// line after the last chunk's), as the parse of an empty chunk; nil when none is open.
    mutating func finish() -> ParsedChunk? {
        guard let abandoned = assembler.inputEnded() else { return nil }
        var result = ParsedChunk()
        result.usedJSONArray = true
        [UInt8]().withUnsafeBufferPointer { reread(abandoned, in: $0, into: &result) }
        if isWrapping { endWrappedMessage(into: &result) }
        releaseHeldStructure { _ in true }
        return result
    }

    /// Explains the held structure lines that `releases`, in line order.
    private mutating func releaseHeldStructure(where releases: (Int) -> Bool) {
        guard let explain, !heldStructure.isEmpty else { return }
        var kept: [LineExplanation] = []
        for explanation in heldStructure {
            if releases(explanation.line) { explain(explanation) } else { kept.append(explanation) }
        }
        heldStructure = kept
    }

    /// Reads one line, which starts at `offset` in its chunk's `bytes`; `screened` when it is known to be ASCII without NUL.
    /// Inline, as it is called for every line; a line of a JSON array goes on to `parseArrayLine`.
    @inline(__always)
    private mutating func parseLine(_ line: Bytes, at offset: Int, number: Int, screened: Bool, in bytes: Bytes, into result: inout ParsedChunk) {
        guard assembler.isInside || (line.count == 2 && JSONArrayAssembler.opensArray(line)) else {
            account(LineClassifier.read(line, minutes: &minutes, screened: screened), line: line, at: offset, number: number, into: &result)
            return
        }
        parseArrayLine(line, at: offset, number: number, screened: screened, in: bytes, into: &result)
    }

    /// `parseLine` for a line that opens a JSON array or comes inside one.
    @inline(never)
    private mutating func parseArrayLine(_ line: Bytes, at offset: Int, number: Int, screened: Bool, in bytes: Bytes, into result: inout ParsedChunk) {
        result.usedJSONArray = true
        switch assembler.feed(line, number: number, offset: offset) {
        case .held:
            account(.structure, line: line, at: offset, number: number, into: &result)
        case .finished(let record, let recordLine):
            result.otherLines -= 1  // the record's line was counted as structure when it went by
            releaseHeldStructure { $0 < recordLine }
            heldStructure.removeAll { $0.line == recordLine }
            account(record, line: nil, at: offset, number: recordLine, into: &result)
            releaseHeldStructure { _ in true }
            account(.structure, line: line, at: offset, number: number, into: &result)
        case .left(let abandoned):
            reread(abandoned, in: bytes, into: &result)
            parseLine(line, at: offset, number: number, screened: screened, in: bytes, into: &result)  // it may open an array
        }
    }

    /// Reads the lines of an object that was none (`JSONArrayAssembler`) again, as ordinary lines: each was counted
    /// as structure when it went by. A line of an earlier chunk is read from the assembler's copy, its events
    /// taking their text along, and it is not kept for late app event patterns (which read lines in their chunk).
    @inline(never)
    private mutating func reread(_ abandoned: JSONArrayAssembler.Abandoned, in bytes: Bytes, into result: inout ParsedChunk) {
        let numbers = Set(abandoned.lines.map(\.number))
        heldStructure.removeAll { numbers.contains($0.line) }
        releaseHeldStructure { _ in true }  // the `[{` line stays structure
        abandoned.bytes.withUnsafeBufferPointer { copy in
            for held in abandoned.lines {
                result.otherLines -= 1
                if let offset = held.offset {
                    let line = Bytes(rebasing: bytes[offset..<(offset + held.bytes.count)])
                    account(LineClassifier.read(line, minutes: &minutes), line: line, at: offset, number: held.number, into: &result)
                    continue
                }
                let (events, late) = (result.events.count, result.lateLines.count)
                let line = Bytes(rebasing: copy[held.bytes])
                account(LineClassifier.read(line, minutes: &minutes), line: line, at: held.bytes.lowerBound, number: held.number, into: &result)
                if isWrapping { endWrappedMessage(into: &result) }
                for index in events..<result.events.count {
                    guard let range = result.events[index].textBytes else { continue }
                    result.events[index].text = copy.string(range)
                    result.events[index].textBytes = nil
                }
                result.lateLines.removeSubrange(late...)
            }
        }
    }

    private mutating func account(_ reading: consuming LineReading, line: Bytes?, at offset: Int, number: Int, into result: inout ParsedChunk) {
        switch consume reading {
        case .unparseable(let reason):
            if isWrapping { endWrappedMessage(into: &result) }
            result.unparseable.append(UnparseableLine(line: number, reason: reason))
            explain?(LineExplanation(line: number, text: line.map { $0.string(0..<$0.count) } ?? "", reading: .unparseable(reason)))
        case .structure:
            if isWrapping { endWrappedMessage(into: &result) }
            result.otherLines += 1
            guard let explain else { return }
            let explanation = LineExplanation(line: number, text: line.map { $0.string(0..<$0.count) } ?? "", reading: .other)
            if assembler.isInside { heldStructure.append(explanation) } else { explain(explanation) }
        case .prefixed(let prefix):
            guard let line else { return }
            if isWrapping, continuesWrappedMessage(line, prefix, at: offset, number: number, into: &result) { return }
            if let time = prefix.time { result.lastTime = time }
            // Bound by the switch, an event's parts move on into the parser's event (`EventRecognizer.Outcome`), and a
            // line that is no event leaves nothing to destroy.
            switch recognize(line, prefix.message, mayHoldTilde: chunkHoldsTilde) {
            case .unattributed, .none:
                if recognizer.hasPartialMessage, lastReason == nil {
                    startWrappedMessage(line, prefix, at: offset, number: number)
                    return
                }
                if let reason = overBudget.take() {
                    account(.unparseable(reason), line: line, at: offset, number: number, into: &result)
                    return
                }
                // Kept for a late pattern if it holds a word the patterns need. Their literals are screened for when a
                // callback they care about runs on the line's thread: most such lines come from other threads.
                if keepsLateLines, recognizer.sawWatchedWord, !screensLateLines || appEvents!.mayMatchLate(line, prefix.message) {
                    result.lateLines.append(LateLine(line: Int32(number), process: processNames.key(line, prefix.process, pid: prefix.pid),
                                                     thread: prefix.tid, start: Int32(offset), end: Int32(offset + line.count),
                                                     messageStart: Int32(offset + prefix.message.lowerBound),
                                                     messageEnd: Int32(offset + prefix.message.upperBound)))
                }
                if appEvents?.parserMayMatch(line, prefix.message) == true, let found = appEvents?.match(line, prefix.message), !found.isEmpty {
                    let process = processNames.key(line, prefix.process, pid: prefix.pid)
                    for event in found {
                        append(event, LifecycleEvent(line: number, time: prefix.time, process: process, thread: prefix.tid, kind: event.kind,
                                                     controller: event.controller, argument: nil, text: nil, yearless: prefix.yearless,
                                                     textBytes: offset..<(offset + line.count)), text: line.string(0..<line.count), into: &result)
                    }
                    return
                }
                notEvent(line.string(0..<line.count), number: number, blank: !line.contains { !ASCII.isBlank($0) }, into: &result)
            case .event(let kind, let controller, let argument):
                let process = processNames.key(line, prefix.process, pid: prefix.pid)
                if let explain {
                    let event = RecognizedEvent(kind: kind, controller: controller, argument: argument)
                    explain(LineExplanation(line: number, text: line.string(0..<line.count), reading: explained(event),
                                            process: process, vouching: recognizer.vouching, printSite: recognizer.printSite))
                }
                result.appendEvent(line: number, time: prefix.time, process: process, thread: prefix.tid, kind: kind,
                                   controller: controller, argument: argument, yearless: prefix.yearless,
                                   textBytes: offset..<(offset + line.count), vouching: recognizer.vouching,
                                   printSite: recognizer.printSite)
            }
        case .record(let record):
            if isWrapping { endWrappedMessage(into: &result) }
            if let time = record.time { result.lastTime = time }
            var message = record.message
            let outcome = message.withUTF8 { recognize($0, 0..<$0.count) }
            if let reason = overBudget.take() {
                account(.unparseable(reason), line: nil, at: offset, number: number, into: &result)
                return
            }
            guard let recognized = outcome.event else {
                if let appEvents, case let found = appEvents.match(record.message), !found.isEmpty {
                    let process = processNames.key(of: record)
                    for event in found {
                        append(event, LifecycleEvent(line: number, time: record.time, process: process,
                                                     thread: record.tid, kind: event.kind, controller: event.controller, argument: nil,
                                                     text: record.message, yearless: nil), text: record.message, into: &result)
                    }
                    return
                }
                notEvent(record.message, number: number, blank: record.message.allSatisfy { $0 == " " || $0 == "\t" }, into: &result)
                return
            }
            let process = processNames.key(of: record)
            explain?(LineExplanation(line: number, text: record.message, reading: explained(recognized), process: process,
                                     vouching: recognizer.vouching, printSite: recognizer.printSite))
            result.events.append(LifecycleEvent(line: number, time: record.time, process: process,
                                                thread: record.tid, kind: recognized.kind, controller: recognized.controller,
                                                argument: recognized.argument, text: record.message, yearless: nil,
                                                vouching: recognizer.vouching, printSite: recognizer.printSite))
        }
    }

    // MARK: Messages wrapped over several lines

    /// One of UIKit's messages whose line ended inside it (`UIKitMessages.Partial`), and the lines that went on with
    /// it so far: a line with no prefix of its own may continue it (`on <X: 0x…>`, `whose view is not in the window
    /// hierarchy!`). Complete, it is one event at its first line; the other lines are other lines.
    private struct WrappedMessage {
        var partial: UIKitMessages.Partial
        let number: Int
        let bytes: Range<Int>
        /// Where the piece of its first line ends: no line from there on goes on with it.
        let pieceEnd: Int
        let text: String
        let prefix: LinePrefix
        let process: ProcessKey
        var continuations: [(number: Int, text: String)] = []
    }

    /// Ends with its piece (`ChunkPieces` cuts before a line with a prefix where it can), as parsed on its own or in
    /// its whole chunk: the ends of the pieces of the lines being parsed.
    private var pieceEnds: [Int] = []
    private var wrapped: WrappedMessage? {
        didSet { isWrapping = wrapped != nil }
    }
    /// `wrapped != nil`, read on every line without copying the message out.
    private var isWrapping = false

    /// Holds the line whose message the recogniser found cut off inside one of UIKit's messages.
    @inline(never)
    private mutating func startWrappedMessage(_ line: Bytes, _ prefix: LinePrefix, at offset: Int, number: Int) {
        guard let partial = recognizer.partialMessage else { return }
        wrapped = WrappedMessage(partial: partial, number: number, bytes: offset..<(offset + line.count),
                                 pieceEnd: pieceEnds.first { $0 > offset } ?? Int.max, text: line.string(0..<line.count),
                                 prefix: prefix, process: processNames.key(line, prefix.process, pid: prefix.pid))
    }

    /// Whether the line goes on with the wrapped message (and was accounted for); if not, the message ends unread.
    @inline(never)
    private mutating func continuesWrappedMessage(_ line: Bytes, _ prefix: LinePrefix, at offset: Int, number: Int,
                                                  into result: inout ParsedChunk) -> Bool {
        guard var message = wrapped else { return false }
        // A line of its own that names a callback (`HomeVC viewDidLoad`) goes on with no message.
        guard offset < message.pieceEnd, prefix.isBare, message.continuations.count < LinePrefix.linesContinuingAMessage,
              KeywordTable.shared.firstCallback(in: line, from: prefix.message.lowerBound, prefix.message) == nil else {
            endWrappedMessage(into: &result)
            return false
        }
        switch recognizer.resume(message.partial, line, in: prefix.message) {
        case .message(let summary, let blamed):
            wrapped = nil
            message.continuations.append((number, line.string(0..<line.count)))
            emitWrapped(message, summary: summary, blamed: blamed, into: &result)
            return true
        case .partial(let partial):
            message.partial = partial
            message.continuations.append((number, line.string(0..<line.count)))
            wrapped = message
            return true
        case .none:
            endWrappedMessage(into: &result)
            return false
        }
    }

    /// The event of a wrapped message, at its first line; the lines that went on with it are other lines.
    private mutating func emitWrapped(_ message: WrappedMessage, summary: String, blamed: ControllerRef, into result: inout ParsedChunk) {
        let first = message.prefix
        explain?(LineExplanation(line: message.number, text: message.text,
                                 reading: .event(.uikitWarning(summary), controller: blamed, argument: nil,
                                                 dialect: UIKitMessageDialect.description.identifier)))
        result.appendEvent(line: message.number, time: first.time, process: message.process, thread: first.tid, kind: .uikitWarning(summary),
                           controller: blamed, argument: nil, yearless: first.yearless, textBytes: message.bytes)
        for continuation in message.continuations {
            result.otherLines += 1
            explain?(LineExplanation(line: continuation.number, text: continuation.text, reading: .other))
        }
    }

    /// A wrapped message that did not go on to its end: its lines are other lines, unless only descriptions were
    /// left to come (`UIKitMessages.ended`).
    @inline(never)
    private mutating func endWrappedMessage(into result: inout ParsedChunk) {
        guard isWrapping, let message = wrapped else { return }
        wrapped = nil
        if let time = message.prefix.time { result.lastTime = time }
        if case .message(let summary, let blamed) = UIKitMessages.ended(message.partial) {
            emitWrapped(message, summary: summary, blamed: blamed, into: &result)
            return
        }
        notEvent(message.text, number: message.number, blank: false, into: &result)
        for continuation in message.continuations {
            notEvent(continuation.text, number: continuation.number, blank: false, into: &result)
        }
    }

    /// What `bytes[message]` describes. The user's own patterns come first: they say how this log names controllers.
    /// An unattributed callback leaves its reason in `lastReason` for `notEvent`; a pattern that ran out of
    /// matching steps leaves why the line is unparseable in `overBudget` (and the line is not read further).
    /// Inlined, as it runs on every line: its outcome is not passed through a second return.
    @inline(__always)
    private mutating func recognize(_ bytes: Bytes, _ message: Range<Int>, mayHoldTilde: Bool = true) -> EventRecognizer.Outcome {
        customPatternMatched = false
        switch customPatterns?.match(bytes, message) {
        case .event(let custom)?:
            customPatternMatched = true
            return .event(custom)
        case .overBudget(let index, let pattern)?:
            overBudget = "pattern \(index + 1) (\(pattern)) ran out of matching steps on this line; "
                + "it backtracks too much: make its repetitions possessive (a++) or its groups atomic ((?>…))"
            return .none
        case nil:
            break
        }
        let outcome = recognizer.recognize(bytes, in: message, mayHoldTilde: mayHoldTilde)
        if case .unattributed = outcome { lastReason = recognizer.rejection }
        return outcome
    }

    /// Adds one of a line's app events. The line counts once among the other lines, however many events it is.
    private mutating func append(_ recognized: RecognizedEvent, _ event: LifecycleEvent, text: @autoclosure () -> String,
                                 into result: inout ParsedChunk) {
        if result.events.last?.line != event.line || result.events.last?.kind.appEvent == nil {
            result.otherLines += 1
            lastReason = nil
        }
        result.events.append(event)
        result.appEvents += 1
        explain?(LineExplanation(line: event.line, text: text(), reading: .event(event.kind, controller: recognized.controller,
                                                                                 argument: nil, dialect: "events")))
    }

    /// Counts a line that is not an event (an unattributed callback when `lastReason` is set), keeps a few of them
    /// to show when the trace yields no event (`TraceStatistics.samples`), and explains it. `text` is made only
    /// for those.
    @inline(__always)
    private mutating func notEvent(_ text: @autoclosure () -> String, number: Int, blank: @autoclosure () -> Bool,
                                   into result: inout ParsedChunk) {
        result.otherLines += 1
        let limit = TraceStatistics.sampleLimit
        if let reason = lastReason {
            lastReason = nil
            result.unattributedCallbacks += 1
            if result.unattributedSamples.count < limit { result.unattributedSamples.append(SampleLine(line: number, text: text(), reason: reason)) }
            explain?(LineExplanation(line: number, text: text(), reading: .unattributed(reason)))
            return
        }
        if result.otherSamples.count < limit, !blank() { result.otherSamples.append(SampleLine(line: number, text: text(), reason: nil)) }
        explain?(LineExplanation(line: number, text: text(), reading: .other))
    }

    private func explained(_ event: RecognizedEvent) -> LineExplanation.Reading {
        let dialect: String?
        switch event.kind {
        case .uikitWarning: dialect = UIKitMessageDialect.description.identifier
        case .observerAdded, .observerRemoved, .observersRemovedAll: dialect = ObserverDialect.description.identifier
        case .callback: dialect = recognizer.lastDialect?.description.identifier
        case .appEvent: dialect = "events"
        }
        return .event(event.kind, controller: event.controller, argument: event.argument, dialect: customPatternMatched ? "pattern" : dialect)
    }

    /// Whether the line just recognised matched a `patterns` entry (for `explain`).
    private var customPatternMatched = false
    /// Why the callback of the line just recognised was not attributed.
    private var lastReason: String?
    /// Why the line just recognised is unparseable: a pattern ran out of matching steps on it.
    private var overBudget: String?
}
