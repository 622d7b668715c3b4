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
        guard appEvents != nil else {
            var linesBefore = 0  // the lines of the chunks before the one being parsed
            parser.explain = { explanation in
                var numbered = explanation
                numbered.line += linesBefore
                body(numbered)
            }
            while let chunk = try reader.next() {
                linesBefore += parser.parse(chunk).lineCount
            }
            return
        }
        try explainPlacingAppEvents(reader, &parser, body)
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
