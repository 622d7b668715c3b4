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

    public init(line: Int, text: String, reading: Reading) {
        self.line = line
        self.text = text
        self.reading = reading
    }

    init(line: Int, text: String, reading: Reading, process: ProcessKey?, vouching: LabelVouchingRole) {
        self.init(line: line, text: text, reading: reading)
        self.process = process
        self.vouching = vouching
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
    public func explain(_ input: TraceInput, _ body: @escaping (LineExplanation) -> Void) throws {
        let reader = try input.reader(blockSize: 256 << 10, follow: false, writerPatience: AnalysisOptions().writerPatience,
                                      shouldStop: { false })
        var parser = ChunkParser(customPatterns: customPatterns, appEvents: appEvents?.compiled(.eager))
        let vouching = Vouching(body)
        guard appEvents != nil else {
            var linesBefore = 0  // the lines of the chunks before the one being parsed
            parser.explain = { explanation in
                var numbered = explanation
                numbered.line += linesBefore
                vouching.take(numbered)
            }
            while let chunk = try reader.next() {
                linesBefore += parser.parse(chunk).lineCount
            }
            vouching.finish()
            return
        }
        try explainPlacingAppEvents(reader, &parser, vouching.take)
        vouching.finish()
    }

    /// Explanations through the file's word on its labels (`LabelVouching`): a callback no line vouched for is
    /// explained as unattributed, one that was vouched for says so.
    private final class Vouching {
        var gate: LabelVouching<LineExplanation>
        let body: (LineExplanation) -> Void

        init(_ body: @escaping (LineExplanation) -> Void) {
            gate = LabelVouching()
            self.body = body
        }

        func take(_ explanation: LineExplanation) {
            var name: LabelVouching<LineExplanation>.Name?
            if case .event(_, let controller?, _, _) = explanation.reading, let process = explanation.process {
                name = .init(process: process, name: controller.interned)
            }
            gate.take(explanation, line: explanation.line, role: explanation.vouching, name: name, release: release)
        }

        func finish() { gate.finish(release: release) }

        private func release(_ explanation: LineExplanation, kept: Bool) {
            guard explanation.vouching == .needsVouching, case .event(let kind, let controller?, let argument, let dialect) = explanation.reading else {
                return body(explanation)
            }
            var decided = explanation
            if kept {
                decided.reading = .event(kind, controller: controller, argument: argument, dialect: (dialect ?? "") + ", vouched for by the file")
            } else {
                let word = EventName(kind).description
                decided.reading = .unattributed("\(word): \(LabelText.quoted(controller.name)) does not look like a controller, the callback "
                    + "word is also an ordinary word, and no callback only a controller has (viewDidLoad, viewWillAppear…) "
                    + "names \(LabelText.quoted(controller.name)) in this file")
            }
            body(decided)
        }
    }

    /// The same, each chunk's explanations held until its events went through a timeline (with no rules), so
    /// that app events show the controller and callback they attach to.
    private func explainPlacingAppEvents(_ reader: ChunkReader, _ parser: inout ChunkParser, _ body: @escaping (LineExplanation) -> Void) throws {
        final class Placements {
            var held: [LineExplanation] = []
            /// Per line, its app events as placed: the event (with its callback) and its controller.
            var placed: [Int: [(AppEvent, ControllerRef)]] = [:]
        }
        let placements = Placements()
        let engine = RuleEngine(rules: [], settings: RuleSettings()) { _ in }
        engine.onEvent = { event, instance in
            if let app = event.kind.appEvent { placements.placed[event.line, default: []].append((app, instance.key.ref)) }
        }
        parser.explain = { placements.held.append($0) }
        var linesBefore = 0
        while let chunk = try reader.next() {
            let parsed = parser.parse(chunk)
            for var event in parsed.events {
                event.line += linesBefore
                engine.consume(event)
            }
            for var explanation in placements.held {
                explanation.line += linesBefore
                if case .event(.appEvent(let app), _, _, let dialect) = explanation.reading {
                    let placed = placements.placed[explanation.line]?.first { $0.0.name == app.name }
                    explanation.reading = .event(.appEvent(placed?.0 ?? app), controller: placed?.1, argument: nil, dialect: dialect)
                }
                body(explanation)
            }
            placements.held.removeAll()
            placements.placed.removeAll()
            linesBefore += parsed.lineCount
        }
        engine.finish()
    }
}
