/// A temporal template a custom rule instantiates (`once`, `precedes`, …): one type per template, each with its
/// documentation and example traces, which carry the configuration they run with (the generic rule test runs them).
///
/// A template sees the events its rule names, in trace order, each with the scope it belongs to (an instance, or a
/// class in one process), and is told when a scope ends; `CustomRule` does the rest.
protocol RuleTemplate: Sendable {
    /// Its documentation; `identifier` is the template's name.
    static var description: RuleDescription { get }
    /// The fields of a rule of this template besides the common ones (`template`, `event`, `per`, `severity`,
    /// `message`, `explanation`, `enabled`), and which of them are required.
    static var fields: (optional: Set<String>, required: Set<String>) { get }
    /// Whether the template reads the callback an app event happened in (then its events must be app events).
    static var readsCallbacks: Bool { get }
    init(_ spec: CustomRuleSpec)
    /// `event` is the rule's A (`first`) or B, on `instance`, in `scope`.
    mutating func see(_ event: LifecycleEvent, first: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext)
    /// `scope` is over: `instance` is final, or (per class; `instance` nil) the trace ended.
    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext)
}

extension RuleTemplate {
    static var readsCallbacks: Bool { false }
    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext) {}
}

/// What a rule of a template holds for: one instance, by its serial (never negative), or one class in one process,
/// by a negative number its rule gives it (`CustomRule`). A number: templates look a scope up on every event they see.
typealias RuleScope = Int

/// An event remembered for a later finding: where it was, and the instance it was on.
struct SeenEvent {
    var line: Int
    var time: TraceTime?
    var text: String
    /// The instance as it was then: what a finding on this line needs of it.
    var instance: InstanceMark
}

/// A rule that reports through a template (`CustomRule`, `DeprecatedCallbackRule`): its message follows the text
/// of each of the template's findings.
protocol TemplateRule: Rule {
    var templateMessage: String { get }
}

extension RuleContext {
    /// A template's finding on `event`'s line, for the running rule (a `TemplateRule`).
    func reportTemplate(_ detail: String, on instance: Instance, at event: LifecycleEvent) {
        report("\(instance.key.ref) \(detail): \(templateMessage)", on: instance, at: event)
    }

    /// A template's finding on the line of an event it saw earlier.
    func reportTemplate(_ detail: String, at seen: SeenEvent, name: String) {
        report("\(seen.instance.key.ref) \(detail): \(templateMessage)", on: seen.instance, line: seen.line, time: seen.time,
               event: EventName(callbackOrApp: name), extraEvidence: EvidenceLine(line: seen.line, text: seen.text))
    }
}

/// A template in the registry: its type, and how its rules are made and run, with code made for it where the
/// type is named (`TemplateKind.of`).
struct TemplateKind: Sendable {
    let type: any RuleTemplate.Type
    /// A rule of this template.
    let makeRule: @Sendable (CustomRuleSpec) -> any Rule
    /// The calls on a new list of a runner's rules of this template (`CustomRuleStore`).
    let makeCalls: @Sendable () -> TemplateCalls

    static func of<Template: RuleTemplate>(_ template: Template.Type) -> TemplateKind {
        TemplateKind(type: template, makeRule: { CustomRule<Template>(spec: $0) }, makeCalls: { TemplateCalls(Template.self) })
    }
}

/// The templates, by name: the registry a new template is added to.
enum RuleTemplates {
    static let kinds: [TemplateKind] = [
        .of(OnceTemplate.self), .of(NeverTemplate.self), .of(PrecedesTemplate.self), .of(FollowedByTemplate.self),
        .of(NeverFollowedByTemplate.self), .of(PairsTemplate.self), .of(InCallbacksTemplate.self), .of(NotInCallbacksTemplate.self),
        .of(NotWithinTemplate.self),
    ]

    static let all: [any RuleTemplate.Type] = kinds.map(\.type)

    /// What `CustomRule`'s type description names it (each rule's own description is its spec's).
    static let customRuleIdentifier = "custom"

    static func type(named name: String) -> (any RuleTemplate.Type)? { all.first { $0.description.identifier == name } }

    static var names: [String] { all.map { $0.description.identifier } }

    /// The rule `spec` defines, run by its template's own type (`once` for an unknown name, which the
    /// configuration reader never lets through).
    static func rule(for spec: CustomRuleSpec) -> any Rule {
        (kinds.first { $0.type.description.identifier == spec.template } ?? kinds[0]).makeRule(spec)
    }
}
