/// One input of an audit and how it went.
public struct FileSummary: Sendable {
    public var path: String
    public var statistics: TraceStatistics
    /// Why the input could not be read, if it could not.
    public var failure: String?

    public init(path: String, statistics: TraceStatistics, failure: String? = nil) {
        self.path = path
        self.statistics = statistics
        self.failure = failure
    }
}
