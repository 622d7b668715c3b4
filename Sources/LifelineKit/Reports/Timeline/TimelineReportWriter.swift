/// Renders a timeline model in one output format. A new format is one type conforming to this.
public protocol TimelineReportWriter: Sendable {
    /// Whether the report shows each event's log line (`ControllerLane.eventTexts`); building a model without them is cheaper.
    var showsEventTexts: Bool { get }
    /// The whole report. Deterministic: the same model always gives the same text.
    func write(_ model: TimelineModel) -> String
}

extension TimelineReportWriter {
    public var showsEventTexts: Bool { false }
}
