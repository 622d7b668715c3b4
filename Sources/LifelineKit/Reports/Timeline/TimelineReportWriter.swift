/// Renders a timeline model in one output format. A new format is one type conforming to this.
public protocol TimelineReportWriter: Sendable {
    /// The whole report. Deterministic: the same model always gives the same text.
    func write(_ model: TimelineModel) -> String
}
