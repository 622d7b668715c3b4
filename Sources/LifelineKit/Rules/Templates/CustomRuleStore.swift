/// The custom rules of a runner, each template's in a list of its own type (`TemplateRules<Template>`), so that a
/// call runs code made for its template and changes the rule in place. A template needs nothing here: its list is
/// made, by its registry entry (`TemplateKind`), when the first of its rules comes.
///
/// In the runner's `[any Rule]` each custom rule lived in an existential box of its own (it is larger than three
/// words), and every mutating call first checked that box and the array were not shared (`swift_makeBoxUnique`):
/// a tenth of what ten custom rules cost. Built-in rules stay in `[any Rule]`.
struct CustomRuleStore {
    /// Where a custom rule is: its template's list and the index in it.
    struct Place {
        fileprivate let list: Int32
        fileprivate let index: Int32
    }

    private var lists: [TemplateCalls] = []

    /// Takes `rule` in if it is a custom rule, and says where it went; nil for any other rule.
    mutating func take(_ rule: any Rule) -> Place? {
        // Only custom rules are cast: the first cast of a rule type to a protocol searches the conformance records
        // (0.5 ms a run), which a configuration without custom rules need not pay.
        guard type(of: rule).description.identifier == RuleTemplates.customRuleIdentifier,
              let custom = rule as? any TemplatedRule else { return nil }
        let template = ObjectIdentifier(custom.templateType)
        if let number = lists.firstIndex(where: { $0.template == template }) {
            return Place(list: Int32(number), index: Int32(lists[number].append(rule)))
        }
        guard let kind = RuleTemplates.kinds.first(where: { ObjectIdentifier($0.type) == template }) else { return nil }
        lists.append(kind.makeCalls())
        return Place(list: Int32(lists.count - 1), index: Int32(lists[lists.count - 1].append(rule)))
    }

    func check(_ place: Place, _ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        lists[Int(place.list)].check(Int(place.index), event, instance, context)
    }

    func finished(_ place: Place, _ instance: Instance, atEnd: Bool, in context: RuleContext) {
        lists[Int(place.list)].finish(Int(place.index), instance, atEnd, context)
    }

    func traceEnded(_ place: Place, in context: RuleContext) {
        lists[Int(place.list)].end(Int(place.index), context)
    }
}

/// The calls on the rules of one template, made by its `TemplateKind` where the template's type is named: each
/// runs code specialized for it (through a generic list, each call looked the list's type up, 860 instructions).
struct TemplateCalls {
    let template: ObjectIdentifier
    /// Takes in a rule of this template and gives its index.
    let append: (any Rule) -> Int
    let check: (Int, LifecycleEvent, Instance, RuleContext) -> Void
    let finish: (Int, Instance, Bool, RuleContext) -> Void
    let end: (Int, RuleContext) -> Void

    /// The calls on a new, empty list of `Template`'s rules.
    init<Template: RuleTemplate>(_: Template.Type) {
        let list = TemplateRules<Template>()
        template = ObjectIdentifier(Template.self)
        append = { rule in
            list.rules.append(rule as! CustomRule<Template>)
            return list.rules.count - 1
        }
        check = { index, event, instance, context in list.rules[index].check(event, on: instance, in: context) }
        finish = { index, instance, atEnd, context in list.rules[index].finish(instance, atEnd: atEnd, in: context) }
        end = { index, context in list.rules[index].check(TraceMoment.end, in: context) }
    }
}

/// The rules of one template: shared by the calls made for it.
private final class TemplateRules<Template: RuleTemplate> {
    /// Unchecked: each call changes one rule and calls back into no other, and a checked access cost 80
    /// instructions a call.
    @exclusivity(unchecked) var rules: [CustomRule<Template>] = []
}

/// A custom rule, which names its template.
private protocol TemplatedRule {
    var templateType: any RuleTemplate.Type { get }
}

extension CustomRule: TemplatedRule {
    fileprivate var templateType: any RuleTemplate.Type { Template.self }
}
