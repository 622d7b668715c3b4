/// The custom rules of a runner, each template's in a list of its own type (`TemplateRules<Template>`), so that a
/// call is a direct call on the element, changed in place. A template needs nothing here: its list is made when
/// the first of its rules comes.
///
/// In the runner's `[any Rule]` each custom rule lived in an existential box of its own (it is larger than three
/// words), and every mutating call first checked that box and the array were not shared (`swift_makeBoxUnique`):
/// a tenth of what ten custom rules cost. A list is one array reference, which an existential holds inline, so
/// calling through `lists` makes no box unique. Built-in rules stay in `[any Rule]`.
struct CustomRuleStore {
    /// Where a custom rule is: its template's list and the index in it.
    struct Place {
        fileprivate let list: Int32
        fileprivate let index: Int32
    }

    private var lists: [any TemplateRuleList] = []

    /// Takes `rule` in if it is a custom rule, and says where it went; nil for any other rule.
    mutating func take(_ rule: any Rule) -> Place? {
        // Only custom rules are cast: the first cast of a rule type to a protocol searches the conformance records
        // (0.5 ms a run), which a configuration without custom rules need not pay.
        guard type(of: rule).description.identifier == RuleTemplates.customRuleIdentifier,
              let custom = rule as? any ListedCustomRule else { return nil }
        for number in lists.indices {
            if let index = custom.append(to: &lists[number]) { return Place(list: Int32(number), index: Int32(index)) }
        }
        lists.append(custom.newList())
        return Place(list: Int32(lists.count - 1), index: 0)
    }

    mutating func check(_ place: Place, _ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        lists[Int(place.list)].check(Int(place.index), event, on: instance, in: context)
    }

    mutating func finished(_ place: Place, _ instance: Instance, atEnd: Bool, in context: RuleContext) {
        lists[Int(place.list)].finished(Int(place.index), instance, atEnd: atEnd, in: context)
    }

    mutating func traceEnded(_ place: Place, in context: RuleContext) {
        lists[Int(place.list)].traceEnded(Int(place.index), in: context)
    }
}

/// The rules of one template, whatever the template.
private protocol TemplateRuleList {
    mutating func check(_ index: Int, _ event: LifecycleEvent, on instance: Instance, in context: RuleContext)
    mutating func finished(_ index: Int, _ instance: Instance, atEnd: Bool, in context: RuleContext)
    mutating func traceEnded(_ index: Int, in context: RuleContext)
}

private struct TemplateRules<Template: RuleTemplate>: TemplateRuleList {
    var rules: [CustomRule<Template>]

    mutating func check(_ index: Int, _ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        rules[index].check(event, on: instance, in: context)
    }

    mutating func finished(_ index: Int, _ instance: Instance, atEnd: Bool, in context: RuleContext) {
        rules[index].finish(instance, atEnd: atEnd, in: context)
    }

    mutating func traceEnded(_ index: Int, in context: RuleContext) { rules[index].check(TraceMoment.end, in: context) }
}

/// A custom rule, which knows its template's list.
private protocol ListedCustomRule {
    /// Appends the rule to `list` if that holds its template's rules, and says at which index.
    func append(to list: inout any TemplateRuleList) -> Int?
    /// A list of its template's rules holding only this one.
    func newList() -> any TemplateRuleList
}

extension CustomRule: ListedCustomRule {
    fileprivate func append(to list: inout any TemplateRuleList) -> Int? {
        guard var rules = list as? TemplateRules<Template> else { return nil }
        rules.rules.append(self)
        list = rules
        return rules.rules.count - 1
    }

    fileprivate func newList() -> any TemplateRuleList { TemplateRules(rules: [self]) }
}
