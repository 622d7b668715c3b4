/// A rule the configuration defines (`CustomRuleSpec`), run like the built-in ones: it sees only the events it
/// names, hands them to its template with their scope, and closes each instance's scope when the instance is final
/// and each class's at the end of the trace.
public struct CustomRule: Rule {
    public static let description = RuleDescription(
        identifier: "custom",
        severity: .warning,
        summary: "a rule of .lifeline.json built from a template",
        explanation: "Rules of the configuration, each from a template; see `lifeline rules explain TEMPLATE`.",
        triggeringExamples: [], nonTriggeringExamples: [])

    public let spec: CustomRuleSpec
    private var template: any RuleTemplate
    /// Class scopes seen so far, closed at the end of the trace in order of first sight.
    private var classScopes: [RuleScope] = []
    private var knownClassScopes: Set<RuleScope> = []

    public init(spec: CustomRuleSpec) {
        self.spec = spec
        template = (RuleTemplates.type(named: spec.template) ?? OnceTemplate.self).init(spec)
    }

    /// Required of every rule; a custom rule is only ever made from its spec.
    public init() { self.init(spec: CustomRuleSpec(identifier: "custom", template: "once", event: .app(""), message: "", explanation: "")) }

    public var ruleDescription: RuleDescription { spec.description }

    public var eventFilter: EventFilter {
        var filter = EventFilter()
        for name in spec.eventNames {
            switch name {
            case .callback(let callback): filter.callbacks.insert(callback)
            case .app: filter.appEvents = true
            case .addObserver, .removeObserver: filter.observers = true
            case .uikitWarning: filter.warnings = true
            }
        }
        return filter
    }

    public mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        let first = spec.event.matches(event.kind)
        guard first || spec.then?.matches(event.kind) == true else { return }
        var reporter = TemplateReporter(context: context, message: spec.message)
        let scope = self.scope(of: instance)
        if spec.perClass, knownClassScopes.insert(scope).inserted { classScopes.append(scope) }
        template.see(event, first: first, scope: scope, on: instance, &reporter)
        if let then = spec.then, first, then.matches(event.kind) {  // A and B the same event: it is B too
            template.see(event, first: false, scope: scope, on: instance, &reporter)
        }
    }

    public mutating func finished(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        guard !spec.perClass else { return }
        var reporter = TemplateReporter(context: context, message: spec.message)
        template.close(.instance(serial: instance.serial), &reporter)
    }

    public mutating func traceEnded(in context: RuleContext) {
        var reporter = TemplateReporter(context: context, message: spec.message)
        for scope in classScopes { template.close(scope, &reporter) }
        classScopes.removeAll()
    }

    private func scope(of instance: Instance) -> RuleScope {
        spec.perClass ? .classInProcess(instance.key.process, instance.key.ref.name) : .instance(serial: instance.serial)
    }
}
