/// Every rule Lifeline has, in the order they are documented and run.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        LoadOnceRule.self,
        LoadBeforeAppearRule.self,
        AppearanceOrderRule.self,
        UnfinishedTransitionRule.self,
        ContainmentOrderRule.self,
        ObserverBalanceRule.self,
        NotDeallocatedRule.self,
        CallbackAfterDeallocRule.self,
        UIKitWarningRule.self,
        DeprecatedCallbackRule.self,
        SlowTransitionRule.self,
        WorkInAppearanceRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static func rule(identifier: String) -> (any Rule.Type)? {
        all.first { $0.description.identifier == identifier }
    }

    /// The app events built-in rules read with patterns of their own, with the identifier of the rule that reads each.
    public static let appEvents: [(rule: String, event: RuleAppEvent)] = all.compactMap { rule in
        rule.description.appEvent.map { (rule.description.identifier, $0) }
    }

    /// The app event a built-in rule reads, found by its name.
    public static func appEvent(named name: String) -> (rule: String, event: RuleAppEvent)? {
        appEvents.first { $0.event.name == name }
    }
}
