/// `once`: E happens at most once in each scope.
struct OnceTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = ([], [])

    static let description = RuleDescription(
        identifier: "once",
        severity: .warning,
        summary: "event E happens at most once per instance (or per class)",
        explanation: """
        Reports every E after the first in its scope. The classic use: work that belongs to a screen's life, \
        such as its first data request, started from a callback that runs on every appearance. Fix: move the \
        work to viewDidLoad, or guard it with a flag the instance keeps.
        """,
        triggeringExamples: [
            """
            <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            Requesting products
            <Shop.ProductsVC: 0x7f01> viewDidAppear(_:)
            <Shop.ProductsVC: 0x7f01> viewWillDisappear(_:)
            <Shop.ProductsVC: 0x7f01> viewDidDisappear(_:)
            <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            ↓Requesting products
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.ProductsVC: 0x7f01> viewDidLoad()
            Requesting products
            <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            <Shop.ProductsVC: 0x7f02> viewDidLoad()
            Requesting products
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "productRequest": "^Requesting products" },
          "rules": { "products-once": { "template": "once", "event": "productRequest",
                                        "message": "request products once per screen" } }
        }
        """)

    /// Per scope: the first E.
    private var first = IntMap<Int>()
    private var counts = IntMap<Int>()
    private let name: String

    init(_ spec: CustomRuleSpec) { name = spec.event.description }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        guard isA else { return }
        guard let earlier = first.keepingFirst(event.line, for: scope) else { return }
        let count = (counts[scope] ?? 1) + 1
        counts.insert(count, for: scope)
        context.reportTemplate("\(name) again (\(Format.ordinal(count)) time, first at line \(earlier))", on: instance, at: event)
    }

    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext) {
        if !first.isEmpty { first.removeValue(forKey: scope) }  // most instances end with nothing kept: nothing is hashed
        if !counts.isEmpty { counts.removeValue(forKey: scope) }
    }
}
