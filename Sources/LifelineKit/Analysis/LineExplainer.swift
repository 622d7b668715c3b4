#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What Lifeline made of one input line: an event (with its controller and the dialect that named it), another
/// line, a callback it would not attribute (and why), or an unparseable line (and why).
public struct LineExplanation: Sendable {
    public enum Reading: Sendable {
        /// `controller` nil: an observer line, attributed to the callback logged before it on its thread.
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

    public init(customPatterns: CustomPatterns? = nil) { self.customPatterns = customPatterns }

    /// Calls `body` with every line of `input`, in order. Throws only when the input cannot be opened or read.
    public func explain(_ input: TraceInput, _ body: @escaping (LineExplanation) -> Void) throws {
        let reader = try input.reader(blockSize: 256 << 10, follow: false, writerPatience: AnalysisOptions().writerPatience,
                                      shouldStop: { false })
        var parser = ChunkParser(customPatterns: customPatterns)
        var linesBefore = 0  // the lines of the chunks before the one being parsed
        parser.explain = { explanation in
            var numbered = explanation
            numbered.line += linesBefore
            body(numbered)
        }
        while let chunk = try reader.next() {
            linesBefore += parser.parse(chunk).lineCount
        }
    }
}
