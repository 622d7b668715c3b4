import Foundation

/// Renders a timeline model in one output format. A new format is one type conforming to this.
public protocol TimelineReportWriter: Sendable {
    /// Whether the report shows each event's log line (`ControllerLane.eventTexts`); building a model without them is cheaper.
    var showsEventTexts: Bool { get }
    /// The whole report, UTF-8 encoded. Deterministic: the same model always gives the same bytes.
    func write(_ model: TimelineModel) -> Data
    /// The same bytes, handed to `output` in pieces, in order, so that a large report need not be whole in memory.
    func write(_ model: TimelineModel, to output: (Data) -> Void)
}

extension TimelineReportWriter {
    public var showsEventTexts: Bool { false }

    /// The whole report as one piece.
    public func write(_ model: TimelineModel, to output: (Data) -> Void) { output(write(model)) }

    /// The whole report joined from `write(_:to:)`, for writers that make it in pieces.
    func joiningPieces(of model: TimelineModel) -> Data {
        let whole = TextBuffer(capacity: 1 << 20)
        write(model) { piece in piece.withUnsafeBytes { whole.append(bytes: $0.bindMemory(to: UInt8.self)) } }
        return whole.takeData()  // handed over as written: no copy
    }
}
