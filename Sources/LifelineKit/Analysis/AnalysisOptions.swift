/// Everything that shapes an analysis, resolved from configuration and flags.
public struct AnalysisOptions: Sendable {
    /// The rules to run, in order.
    public var rules: [any Rule.Type] = RuleRegistry.all
    public var settings = RuleSettings()
    /// Glob patterns of classes whose events are ignored (`UIInputWindowController`, `_UI*`).
    public var ignoredClasses: [String] = []
    public var customPatterns: CustomPatterns?
    /// Keep reading at the end of a file, and report findings as soon as they are certain.
    public var follow = false
    /// Threads one input may use to parse its lines (large files are cut into chunks parsed in parallel and
    /// merged in order). 1 parses on the calling thread.
    public var parallelism = 1
    /// Seconds a FIFO named as an input may wait for a writer without `follow` (tests shorten it).
    var writerPatience = 5.0
    /// How many instances in full form make the engine first compact those at rest (tests set 1).
    var compactionThreshold = 256

    public init() {}
}
