/// Everything that shapes an analysis, resolved from configuration and flags.
public struct AnalysisOptions: Sendable {
    /// The rules to run, in order.
    public var rules: [any Rule.Type] = RuleRegistry.all
    public var settings = RuleSettings()
    /// Glob patterns of classes whose events are ignored (`UIInputWindowController`, `_UI*`).
    public var ignoredClasses: [String] = []
    public var customPatterns: CustomPatterns?
    /// The configuration's `events`: app event patterns.
    public var appEvents: AppEventPatterns?
    /// The configuration's own rules, run after the built-in ones.
    public var customRules: [CustomRuleSpec] = []
    /// What `work-in-appearance` counts as starting network or database work: a regular expression, set by
    /// `setWorkPattern(_:)`, which checks it.
    public private(set) var workPattern = WorkInAppearanceRule.defaultPattern
    /// Keep reading at the end of a file, and report findings as soon as they are certain.
    public var follow = false
    /// Threads one input may use to parse its lines (large files are cut into chunks parsed in parallel and
    /// merged in order). 1 parses on the calling thread.
    public var parallelism = 1
    /// Whether the input's path may end in a symbolic link. False for a file found in a folder walk, which does not
    /// follow links (`InputDiscovery`): it is opened without following one, so a link put in its place after the walk
    /// is not read.
    public var opensThroughLink = true
    /// Seconds a FIFO named as an input may wait for a writer without `follow` (tests shorten it).
    var writerPatience = 5.0
    /// How many instances in full form make the engine first compact those at rest (tests set 1).
    var compactionThreshold = 256

    public init() {}

    /// Sets `workPattern`; throws, leaving it as it was, when `pattern` is not a regular expression the app event
    /// patterns take (it must compile, and name no group but `controller` and `key`).
    public mutating func setWorkPattern(_ pattern: String) throws(AppEventPatternError) {
        _ = try AppEventPatterns([AppEventPatterns.Source(name: WorkInAppearanceRule.eventName, pattern: pattern)])
        workPattern = pattern
    }

    /// Every app event pattern the analysis needs: `events`, then the `work` event when a rule counts it. Nil when
    /// none is needed, so lines are never screened for them.
    public var allAppEvents: AppEventPatterns? {
        let needsWork = rules.contains { $0 == WorkInAppearanceRule.self }
            || customRules.contains { $0.eventNames.contains(.app(WorkInAppearanceRule.eventName)) }
        guard needsWork else { return appEvents }
        var work = AppEventPatterns.Source(name: WorkInAppearanceRule.eventName, pattern: workPattern)
        let onlyTheRuleReadsIt = !customRules.contains { $0.eventNames.contains(.app(WorkInAppearanceRule.eventName)) }
        if onlyTheRuleReadsIt, !RegexPattern.groupNames(workPattern).contains("controller") {
            work.onlyInside = WorkInAppearanceRule.appearanceCallbacks  // confirmed in trace order, only inside those
        }
        return AppEventPatterns(checked: (appEvents?.sources ?? []) + [work])  // the work pattern was checked with the configuration
    }
}
