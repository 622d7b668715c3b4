/// The custom rules of a runner, each template's in an array of its own type (`CustomRule<Template>`), so that a call
/// is a direct call on the element, changed in place.
///
/// In the runner's `[any Rule]` each custom rule lived in an existential box of its own (it is larger than three
/// words), and every mutating call first checked that box and the array were not shared (`swift_makeBoxUnique`):
/// a tenth of what ten custom rules cost. Built-in rules stay in `[any Rule]`.
struct CustomRuleStore {
    /// Where a custom rule is: its template's array and the index in it.
    struct Place {
        fileprivate let template: UInt8
        fileprivate let index: Int32
    }

    private var once: [CustomRule<OnceTemplate>] = []
    private var never: [CustomRule<NeverTemplate>] = []
    private var precedes: [CustomRule<PrecedesTemplate>] = []
    private var followedBy: [CustomRule<FollowedByTemplate>] = []
    private var neverFollowedBy: [CustomRule<NeverFollowedByTemplate>] = []
    private var pairs: [CustomRule<PairsTemplate>] = []
    private var inCallbacks: [CustomRule<InCallbacksTemplate>] = []
    private var notInCallbacks: [CustomRule<NotInCallbacksTemplate>] = []

    /// Takes `rule` in if it is a custom rule, and says where it went; nil for any other rule.
    mutating func take(_ rule: any Rule) -> Place? {
        // Only custom rules are tried against the templates' types: naming such a type makes the runtime build it
        // and check its requirements (0.5 ms a run), which a configuration without custom rules need not pay.
        guard type(of: rule).description.identifier == RuleTemplates.customRuleIdentifier else { return nil }
        func put<Template>(_ rule: any Rule, _ list: inout [CustomRule<Template>], _ template: UInt8) -> Place? {
            guard let custom = rule as? CustomRule<Template> else { return nil }
            list.append(custom)
            return Place(template: template, index: Int32(list.count - 1))
        }
        return put(rule, &once, 0) ?? put(rule, &never, 1) ?? put(rule, &precedes, 2) ?? put(rule, &followedBy, 3)
            ?? put(rule, &neverFollowedBy, 4) ?? put(rule, &pairs, 5) ?? put(rule, &inCallbacks, 6) ?? put(rule, &notInCallbacks, 7)
    }

    mutating func check(_ place: Place, _ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        visit(place, Check(event: event, instance: instance, context: context))
    }

    mutating func finished(_ place: Place, _ instance: Instance, atEnd: Bool, in context: RuleContext) {
        visit(place, Finish(instance: instance, atEnd: atEnd, context: context))
    }

    mutating func traceEnded(_ place: Place, in context: RuleContext) {
        visit(place, EndTrace(context: context))
    }

    /// Runs `call` on the rule at `place`, where it lies.
    @inline(__always)
    private mutating func visit(_ place: Place, _ call: some CustomRuleCall) {
        let i = Int(place.index)
        switch place.template {
        case 0: call(&once[i])
        case 1: call(&never[i])
        case 2: call(&precedes[i])
        case 3: call(&followedBy[i])
        case 4: call(&neverFollowedBy[i])
        case 5: call(&pairs[i])
        case 6: call(&inCallbacks[i])
        default: call(&notInCallbacks[i])
        }
    }
}

/// One call the runner makes on a custom rule, whatever its template.
private protocol CustomRuleCall {
    func callAsFunction<Template>(_ rule: inout CustomRule<Template>)
}

private struct Check: CustomRuleCall {
    let event: LifecycleEvent, instance: Instance, context: RuleContext
    func callAsFunction<Template>(_ rule: inout CustomRule<Template>) { rule.check(event, on: instance, in: context) }
}

private struct Finish: CustomRuleCall {
    let instance: Instance, atEnd: Bool, context: RuleContext
    func callAsFunction<Template>(_ rule: inout CustomRule<Template>) { rule.finished(instance, atEnd: atEnd, in: context) }
}

private struct EndTrace: CustomRuleCall {
    let context: RuleContext
    func callAsFunction<Template>(_ rule: inout CustomRule<Template>) { rule.traceEnded(in: context) }
}
