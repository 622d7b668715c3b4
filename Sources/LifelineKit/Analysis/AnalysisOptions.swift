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
    /// The patterns that replace the defaults of rules' app events (`RuleAppEvent`), by event name: set by
    /// `setPattern(_:ofEvent:)`, which checks them.
    public private(set) var rulePatterns: [String: String] = [:]
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

    /// The pattern of the rules' app event `name` (`RuleRegistry.appEvents`): the configuration's, or the rule's own.
    public func pattern(ofEvent name: String) -> String? {
        rulePatterns[name] ?? RuleRegistry.appEvent(named: name)?.event.defaultPattern
    }

    /// Replaces the pattern of the rules' app event `name`; throws, leaving it as it was, when `pattern` is not a
    /// regular expression the app event patterns take (it must compile, and name no group but `controller` and `key`).
    public mutating func setPattern(_ pattern: String, ofEvent name: String) throws(AppEventPatternError) {
        _ = try AppEventPatterns([AppEventPatterns.Source(name: name, pattern: pattern)])
        rulePatterns[name] = pattern
    }

    /// Every app event pattern the analysis needs: `events`, then each rule's app event that a rule or a custom rule
    /// reads. Nil when none is needed, so lines are never screened for them.
    public var allAppEvents: AppEventPatterns? {
        var sources = appEvents?.sources ?? []
        for (identifier, event) in RuleRegistry.appEvents {
            let ruleReadsIt = rules.contains { $0.description.identifier == identifier }
            let customRulesReadIt = customRules.contains { $0.eventNames.contains(.app(event.name)) }
            guard ruleReadsIt || customRulesReadIt, let pattern = pattern(ofEvent: event.name) else { continue }
            var source = AppEventPatterns.Source(name: event.name, pattern: pattern)
            if !customRulesReadIt, !RegexPattern.groupNames(pattern).contains("controller") {
                source.onlyInside = event.readInside  // confirmed in trace order, only inside those
            }
            sources.append(source)
        }
        guard sources.count > (appEvents?.sources.count ?? 0) else { return appEvents }
        return AppEventPatterns(checked: sources)  // the rules' patterns were checked with the configuration
    }
}
