/// `precedes`: every B has an A before it in its scope.
struct PrecedesTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = (["then"], ["then"])

    static let description = RuleDescription(
        identifier: "precedes",
        severity: .warning,
        summary: "event A always comes before event B (`event` A, `then` B)",
        explanation: """
        Reports the first B of a scope that no A came before, such as a present before the screen appeared, or \
        a purchase before the cart loaded. Fix: make B wait for A (start it from A's completion or a later \
        callback).
        """,
        triggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.CartVC: 0x7f01> viewDidLoad()
            ↓2024-03-01 10:49:46.200 Shop[4089:51117] Presenting payment sheet
            2024-03-01 10:49:46.300 Shop[4089:51117] <Shop.CartVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.400 Shop[4089:51117] <Shop.CartVC: 0x7f01> viewDidAppear(_:)
            """,
        ],
        nonTriggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.CartVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.CartVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:46.300 Shop[4089:51117] Presenting payment sheet
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "present": "^Presenting" },
          "rules": { "present-after-appear": { "template": "precedes", "event": "viewDidAppear", "then": "present",
                                               "message": "present only once the screen has appeared" } }
        }
        """)

    /// Scopes where A came, and those already reported.
    private var satisfied = IntMap<Void>()
    private var reported = IntMap<Void>()
    /// The scope last added to or found in `satisfied`: B mostly follows A of the same scope, which is then not hashed.
    private var lastSatisfied: RuleScope?
    private let names: (a: String, b: String)

    init(_ spec: CustomRuleSpec) { names = (spec.event.description, spec.then?.description ?? "") }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        if isA {
            if lastSatisfied != scope { satisfied.insert((), for: scope) }
            lastSatisfied = scope
            return
        }
        guard lastSatisfied != scope else { return }
        if satisfied.contains(scope) {
            lastSatisfied = scope
            return
        }
        guard reported.insert((), for: scope) == nil else { return }
        context.reportTemplate("\(names.b) without \(names.a) before it", on: instance, at: event)
    }

    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext) {
        if lastSatisfied == scope { lastSatisfied = nil }
        if !satisfied.isEmpty { satisfied.removeValue(forKey: scope) }
        if !reported.isEmpty { reported.removeValue(forKey: scope) }
    }
}
