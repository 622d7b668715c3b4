/// A rule the configuration defines from a template: `"rules": { "request-once": { "template": "once", … } }`.
public struct CustomRuleSpec: Sendable, Equatable {
    public var identifier: String
    public var template: String
    /// The event the rule is about (`event`): A of the two-event templates, E of the others.
    public var event: EventName
    /// The second event (`then`): B.
    public var then: EventName?
    /// The callbacks of `inCallbacks` / `notInCallbacks`.
    public var callbacks: [Callback] = []
    /// `followedBy`: seconds within which B must follow A.
    public var within: Double?
    /// `pairs`: A and B balance separately for each value of the events' `key` group.
    public var byKey = false
    /// Whether the rule holds for each class (all its instances in one process together) rather than each instance.
    public var perClass = false
    public var severity: Severity = .warning
    /// One line: the contract, shown by `lifeline rules` and after each finding.
    public var message: String
    public var explanation: String

    public init(identifier: String, template: String, event: EventName, then: EventName? = nil, message: String, explanation: String) {
        self.identifier = identifier
        self.template = template
        self.event = event
        self.then = then
        self.message = message
        self.explanation = explanation
    }

    /// The events the rule names.
    var eventNames: [EventName] { [event] + (then.map { [$0] } ?? []) }

    /// What `lifeline rules` shows for it.
    public var description: RuleDescription {
        let template = RuleTemplates.type(named: self.template)?.description
        return RuleDescription(identifier: identifier, severity: severity, summary: message,
                               explanation: explanation + "\n\nCustom rule (template \(self.template)): " + (template?.summary ?? ""),
                               triggeringExamples: template?.triggeringExamples ?? [],
                               nonTriggeringExamples: template?.nonTriggeringExamples ?? [],
                               exampleConfiguration: template?.exampleConfiguration)
    }
}
