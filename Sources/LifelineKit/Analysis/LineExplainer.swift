#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What Lifeline made of one input line: an event (with its controller and the dialect that named it), another
/// line, a callback it would not attribute (and why), or an unparseable line (and why).
public struct LineExplanation: Sendable {
    public enum Reading: Sendable {
        /// `controller` nil: an observer line, attributed to the callback logged before it on its thread, or an app
        /// event with no controller to attach to. An app event's kind names the callback it happened in.
        case event(EventKind, controller: ControllerRef?, argument: ControllerArgument?, dialect: String?)
        case other
        case unattributed(String)
        case unparseable(String)
    }

    /// 1-based line number in the input.
    public var line: Int
    /// The line (for `log --style json` records, the record's message).
    public var text: String
    public var reading: Reading
    /// The process of an event's line, and what its label has to do with the file's word on its labels.
    var process: ProcessKey?
    var vouching = LabelVouchingRole.none
    var printSite: UInt32 = 0

    /// An explanation of line `line`, whose text (or record message) is `text`.
    public init(line: Int, text: String, reading: Reading) {
        self.line = line
        self.text = text
        self.reading = reading
    }

    init(line: Int, text: String, reading: Reading, process: ProcessKey?, vouching: LabelVouchingRole, printSite: UInt32) {
        self.init(line: line, text: text, reading: reading)
        self.process = process
        self.vouching = vouching
        self.printSite = printSite
    }
}

/// Reads an input line by line the way `check` does and says what each line was read as (`lifeline events`),
/// so users can see why a log is not understood and fix it or write a `patterns` entry.
public struct LineExplainer: Sendable {
    public var customPatterns: CustomPatterns?
    /// App event patterns; their events are placed on timelines to show the controller and callback they attach to.
    public var appEvents: AppEventPatterns?

    public init(customPatterns: CustomPatterns? = nil) { self.customPatterns = customPatterns }

    /// Reads lines with the patterns and app events `options` configure.
    public init(options: AnalysisOptions) {
        customPatterns = options.customPatterns
        appEvents = options.allAppEvents
    }

    /// Calls `body` with every line of `input`, in order. Throws only when the input cannot be opened or read.
    ///
    /// Each line goes the way `check` takes it: through the file's word on its labels (`LabelVouching`), then its
    /// events onto a timeline with no rules, which places app events in their callback and tells a second print of
    /// one callback delivery (`PrintSite`).
    public func explain(_ input: TraceInput, _ body: @escaping (LineExplanation) -> Void) throws {
        let reader = try input.reader(blockSize: 256 << 10, follow: false, writerPatience: AnalysisOptions().writerPatience,
                                      shouldStop: { false })
        var parser = ChunkParser(customPatterns: customPatterns, appEvents: appEvents?.compiled(.eager))
        let timeline = Timeline(body)
        parser.explain = { timeline.parsed.append($0) }
        var linesBefore = 0
        while let chunk = try reader.next() {
            take(parser.parse(chunk), chunk, linesBefore: &linesBefore, timeline)
        }
        if let rest = parser.finish() { take(rest, Chunk(bytes: []), linesBefore: &linesBefore, timeline) }  // a `[{` whose object never ended
        timeline.finish()
    }

    /// Places a parsed chunk's explanations, with their events, on the timeline.
    private func take(_ parsed: ParsedChunk, _ chunk: Chunk, linesBefore: inout Int, _ timeline: Timeline) {
        var events: [Int: [LifecycleEvent]] = [:]
        chunk.bytes.withUnsafeBufferPointer { bytes in
            for var event in parsed.events {
                event.line += linesBefore
                if let range = event.textBytes {
                    event.text = bytes.string(range)
                    event.textBytes = nil
                }
                events[event.line, default: []].append(event)
            }
        }
        let explained = timeline.parsed
        timeline.parsed.removeAll()
        for var explanation in explained {
            explanation.line += linesBefore
            timeline.take(explanation, events[explanation.line] ?? [])
        }
        linesBefore += parsed.lineCount
    }

    /// The explanations of a chunk's lines and their events, let through `LabelVouching` in order, the events of
    /// those kept placed on a timeline with no rules, and each explanation then told what the timeline made of it.
    private final class Timeline {
        var parsed: [LineExplanation] = []
        private typealias Gate = LabelVouching<(LineExplanation, [LifecycleEvent])>
        private var gate = Gate()
        private let engine = RuleEngine(rules: [], settings: RuleSettings()) { _ in }
        private let body: (LineExplanation) -> Void
        /// What the timeline made of the line being placed: its app events with their controllers, and whether it
        /// was a second print of one delivery (the line of its first).
        private var placed: [(AppEvent, ControllerRef)] = []
        private var repeatedDelivery: Int?

        init(_ body: @escaping (LineExplanation) -> Void) {
            self.body = body
            engine.onEvent = { [unowned self] event, instance, _ in
                if let app = event.kind.appEvent { placed.append((app, instance.key.ref)) }
            }
            engine.onRepeatedDelivery = { [unowned self] _, first in repeatedDelivery = first }
        }

        func take(_ explanation: LineExplanation, _ events: [LifecycleEvent]) {
            var name: Gate.Name?, site: Gate.Site?
            if case .event(_, let controller?, _, _) = explanation.reading, let process = explanation.process {
                name = .init(process: process, name: controller.interned)
                site = Gate.Site(process: process, printSite: explanation.printSite)
            }
            gate.take((explanation, events), line: explanation.line, role: explanation.vouching, name: name, site: site, release: release)
        }

        func finish() {
            gate.finish(release: release)
            engine.finish()
        }

        private func release(_ item: (LineExplanation, [LifecycleEvent]), decision: Gate.Decision) {
            var (explanation, events) = item
            placed.removeAll()
            repeatedDelivery = nil
            if decision.isKept { for event in events { engine.consume(event) } }
            guard case .event(let kind, let controller, let argument, let dialect) = explanation.reading else { return body(explanation) }
            if case .appEvent(let app) = kind {
                let place = placed.first { $0.0.name == app.name }
                explanation.reading = .event(.appEvent(place?.0 ?? app), controller: place?.1, argument: nil, dialect: dialect)
            } else if decision == .refused, let controller {
                explanation.reading = .unattributed("\(EventName(kind)): \(LabelText.quoted(controller.name)) does not look like a controller, "
                    + "the callback word is also an ordinary word, and no callback only a controller has (viewDidLoad, viewWillAppear…) "
                    + "names \(LabelText.quoted(controller.name)) in this file or its print statement")
            } else if let first = repeatedDelivery {
                explanation.reading = .event(kind, controller: controller, argument: argument,
                                             dialect: (dialect ?? "") + "; one delivery with line \(first), printed by another statement")
            } else if case .vouched(let voucher) = decision, let controller {
                let why = switch voucher {
                case .name(let line): "line \(line) shows \(LabelText.quoted(controller.name)) with a callback only a controller has"
                case .printSite(let line): "line \(line), printed by the same statement, shows a callback only a controller has"
                }
                explanation.reading = .event(kind, controller: controller, argument: argument, dialect: (dialect ?? "") + "; vouched for: " + why)
            }
            body(explanation)
        }
    }
}

extension LineExplainer {
    /// A `patterns` entry for the lines of `input` that mention a callback but are not read as a named controller's
    /// (`PatternSuggester`): unattributed lines, and lines read with a key for a controller (`event=viewDidLoad`
    /// read as the controller `event`). Nil when no two such lines share a shape.
    public func suggestPattern(for input: TraceInput) throws -> PatternSuggestion? {
        var unread: [(line: Int, message: String)] = []
        try explain(input) { explanation in
            switch explanation.reading {
            case .unattributed:
                break
            case .event(.callback, let controller?, _, _) where explanation.text.contains(controller.name + "="):
                break
            default:
                return
            }
            unread.append((explanation.line, Self.message(of: explanation.text)))
        }
        return PatternSuggester.suggest(unread)
    }

    /// The line less its log prefix, as patterns see it.
    static func message(of line: String) -> String {
        var copy = line
        return copy.withUTF8 { bytes in
            guard case .prefixed(let prefix) = LineClassifier.read(bytes) else { return line }
            return bytes.string(prefix.message)
        }
    }
}
