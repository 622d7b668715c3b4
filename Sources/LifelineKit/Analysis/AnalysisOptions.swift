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

    public init() {}
}
