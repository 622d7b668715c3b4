/// A rule the configuration defines (`CustomRuleSpec`), run like the built-in ones: it sees only the events it
/// names, hands them to its template with their scope, and closes each instance's scope when the instance is final
/// and each class's at the end of the trace.
///
/// Generic over its template (`RuleTemplates.rule(for:)` makes one): the template is called directly and changed in
/// place, not through an existential box that is made unique on every event.
struct CustomRule<Template: RuleTemplate>: TemplateRule {
    static var description: RuleDescription {
        RuleDescription(identifier: RuleTemplates.customRuleIdentifier, severity: .warning, summary: "a rule of .lifeline.json built from a template",
                        explanation: "Rules of the configuration, each from a template; see `lifeline rules explain TEMPLATE`.",
                        triggeringExamples: [], nonTriggeringExamples: [])
    }

    let spec: CustomRuleSpec
    private var template: Template
    /// Classes seen so far, numbered in order of first sight: class number n is scope -1 - n, and the scopes are
    /// closed in that order at the end of the trace.
    private var classes = Numbering<ClassInProcess>()
    /// Per class scope: the number of each live instance's class, by serial (a number hashes faster than names),
    /// and the last ones found, by the serial's low bits (events of a few instances interleave).
    private var classScopeOfInstance = IntMap<RuleScope>()
    private var recentClassScopes = [(serial: Int, scope: RuleScope)](repeating: (-1, 0), count: 16)
    /// The callbacks A and B name, if they are callbacks: most events are, and are told apart without names.
    private let callbackA: Callback?
    private let callbackB: Callback?

    init(spec: CustomRuleSpec) {
        self.spec = spec
        template = Template(spec)
        if case .callback(let callback) = spec.event { callbackA = callback } else { callbackA = nil }
        if case .callback(let callback)? = spec.then { callbackB = callback } else { callbackB = nil }
    }

    /// Required of every rule; a custom rule is only ever made from its spec.
    init() { self.init(spec: CustomRuleSpec(identifier: "custom", template: "once", event: .app(""), message: "", explanation: "")) }

    var ruleDescription: RuleDescription { spec.description }
    var templateMessage: String { spec.message }

    var eventFilter: EventFilter {
        var filter = EventFilter()
        for name in spec.eventNames {
            switch name {
            case .callback(let callback): filter.callbacks.insert(callback)
            case .app(let app):
                filter.appEvents = true
                filter.appEventNames = (filter.appEventNames ?? []).union([app])
            case .addObserver, .removeObserver: filter.observers = true
            case .uikitWarning: filter.warnings = true
            }
        }
        return filter
    }

    mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        let first: Bool, second: Bool
        if let callback = event.kind.callback {
            first = callbackA == callback
            second = callbackB == callback
        } else {
            first = spec.event.matches(event.kind)
            second = spec.then?.matches(event.kind) == true
        }
        guard first || second else { return }
        let scope = self.scope(of: instance)
        template.see(event, first: first, scope: scope, on: instance, in: context)
        if first, second {  // A and B the same event: it is B too
            template.see(event, first: false, scope: scope, on: instance, in: context)
        }
    }

    mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        guard !spec.perClass else {
            if classScopeOfInstance.removeValue(forKey: instance.serial) != nil { recentClassScopes[instance.serial & 15] = (-1, 0) }
            return
        }
        template.close(instance.serial, of: instance, in: context)
    }

    /// The end of the trace closes every class's scope.
    mutating func check(_ moment: TraceMoment, in context: RuleContext) {
        guard case .end = moment else { return }
        for number in 0..<classes.count { template.close(-1 - number, of: nil, in: context) }
        classes = Numbering()
        classScopeOfInstance.removeAll()
        recentClassScopes = recentClassScopes.map { _ in (-1, 0) }
    }

    /// The instance's serial, or its class's number (-1, -2, … in order of first sight). Inlined: most rules are per
    /// instance, and their scope is the serial.
    @inline(__always)
    private mutating func scope(of instance: Instance) -> RuleScope {
        spec.perClass ? classScope(of: instance) : instance.serial
    }

    @inline(never)
    private mutating func classScope(of instance: Instance) -> RuleScope {
        let recent = recentClassScopes[instance.serial & 15]
        if recent.serial == instance.serial { return recent.scope }
        if let number = classScopeOfInstance[instance.serial] {
            recentClassScopes[instance.serial & 15] = (instance.serial, number)
            return number
        }
        let number = -1 - Int(classes.id(ClassInProcess(process: instance.key.process, name: instance.key.ref.name)))
        classScopeOfInstance[instance.serial] = number
        recentClassScopes[instance.serial & 15] = (instance.serial, number)
        return number
    }
}

/// A class in one process: a per-class rule's scope (`CustomRule.scope(of:)`). Outside the generic rule, so that
/// it is one type, not one per template whose metadata is looked up at each use.
private struct ClassInProcess: QuickHashable {
    var process: ProcessKey
    var name: String

    /// The process's hash with the class name mixed in (`QuickHash`).
    var quickHash: Int {
        QuickHash.finished(QuickHash.mixing(name, into: UInt64(bitPattern: Int64(process.quickHash))))
    }
}
