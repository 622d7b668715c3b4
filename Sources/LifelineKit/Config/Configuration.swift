/// `.lifeline.json`: which rules run and how, thresholds, ignored classes, extra patterns, per-path overrides.
///
/// ```json
/// {
///   "rules": { "slow-transition": { "enabled": false }, "observer-balance": { "severity": "info" } },
///   "leakTimeout": 3, "slowTransitionSeconds": 1,
///   "ignoreClasses": ["UIInputWindowController", "_UI*"],
///   "patterns": ["^LIFECYCLE (?<controller>\\S+) (?<event>\\w+)"],
///   "overrides": [{ "paths": ["traces/experimental/**"], "rules": { "appearance-order": { "severity": "warning" } } }]
/// }
/// ```
public struct Configuration: Sendable {
    /// Per-rule settings; absent rules run with their defaults.
    public struct RuleSetting: Sendable, Equatable {
        public var enabled: Bool?
        public var severity: Severity?
    }

    /// Settings that apply to inputs whose path matches one of `paths` (globs; `**` crosses folders).
    public struct Override: Sendable {
        public var paths: [String]
        public var rules: [String: RuleSetting]
    }

    public var rules: [String: RuleSetting] = [:]
    public var leakTimeout: Double?
    public var slowTransitionSeconds: Double?
    public var ignoreClasses: [String] = []
    public var patterns: [String] = [] {
        didSet { compiledPatterns = nil }
    }
    /// `patterns`, compiled once (set by `ConfigurationParser`, which validated them).
    var compiledPatterns: CustomPatterns?
    public var failOn: String?
    /// `events`: named app event patterns, checked (set by `ConfigurationParser`).
    public var appEvents: AppEventPatterns?
    /// Rules defined in `rules` from a template.
    public var customRules: [CustomRuleSpec] = []
    /// `rules.<identifier>.pattern` of rules that read an app event (`RuleAppEvent`), by the event's name.
    public var rulePatterns: [String: String] = [:]
    public var overrides: [Override] = []

    /// The file it was read from, as named or found; nil for the defaults.
    public var file: String?

    public init() {}

    /// The analysis options for one input path, applied on top of `base`. Flags are applied after this.
    public func options(for path: String, base: AnalysisOptions) throws -> AnalysisOptions {
        var options = base
        var settings = rules
        for override in overrides where override.paths.contains(where: { Self.pathMatches($0, path) }) {
            for (rule, setting) in override.rules {
                var merged = settings[rule] ?? RuleSetting()
                if let enabled = setting.enabled { merged.enabled = enabled }
                if let severity = setting.severity { merged.severity = severity }
                settings[rule] = merged
            }
        }
        options.rules = RuleRegistry.all.filter { settings[$0.description.identifier]?.enabled ?? true }
        for (rule, setting) in settings {
            if let severity = setting.severity { options.settings.severities[rule] = severity }
        }
        options.customRules = customRules.filter { settings[$0.identifier]?.enabled ?? true }
        options.appEvents = appEvents
        for (event, pattern) in rulePatterns.sorted(by: { $0.key < $1.key }) { try options.setPattern(pattern, ofEvent: event) }
        if let leakTimeout { options.settings.leakTimeout = leakTimeout }
        if let slowTransitionSeconds { options.settings.slowTransitionThreshold = slowTransitionSeconds }
        options.ignoredClasses += ignoreClasses
        if !patterns.isEmpty {
            options.customPatterns = try compiledPatterns ?? CustomPatterns(patterns)
        }
        return options
    }

    /// A path pattern ending in `/` names a folder: everything below it (`traces/experimental/` = `traces/experimental/**`).
    static func pathMatches(_ pattern: String, _ path: String) -> Bool {
        let glob = pattern.hasSuffix("/") ? pattern + "**" : pattern
        return Glob.matches(Array(glob), Array(path), pathAware: true)
    }
}
