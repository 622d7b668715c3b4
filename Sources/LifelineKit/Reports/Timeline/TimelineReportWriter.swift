import Foundation

/// Renders a timeline model in one output format. A new format is one type conforming to this.
public protocol TimelineReportWriter: Sendable {
    /// Whether the report shows each event's log line (`ControllerLane.eventTexts`); building a model without them is cheaper.
    var showsEventTexts: Bool { get }
    /// The whole report, UTF-8 encoded. Deterministic: the same model always gives the same bytes.
    func write(_ model: TimelineModel) -> Data
}

extension TimelineReportWriter {
    public var showsEventTexts: Bool { false }
}
