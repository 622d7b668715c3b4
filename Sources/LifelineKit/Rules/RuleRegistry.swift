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
}
