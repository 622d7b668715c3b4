/// `never`: E does not happen at all. The built-in `deprecated-callback` is this template over the callbacks UIKit
/// no longer calls.
struct NeverTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = ([], [])

    static let description = RuleDescription(
        identifier: "never",
        severity: .warning,
        summary: "event E never happens",
        explanation: """
        Reports every E: a line that must not appear in a healthy run, such as a synchronous request on the main \
        thread, a fallback path you meant to remove, or a callback UIKit no longer calls. Fix: remove what logs E, \
        or the cause that makes it run.
        """,
        triggeringExamples: [
            """
            <Shop.ProductsVC: 0x7f01> viewDidLoad()
            ↓<Shop.ProductsVC: 0x7f01> loading products synchronously
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.ProductsVC: 0x7f01> viewDidLoad()
            <Shop.ProductsVC: 0x7f01> loading products
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "syncLoad": "^(?<controller><[^>]+>) loading \\\\w+ synchronously" },
          "rules": { "no-sync-load": { "template": "never", "event": "syncLoad",
                                       "message": "load on a background queue, never on the main thread" } }
        }
        """)

    init(_ spec: CustomRuleSpec) {}

    /// The template without a configuration, for built-in rules.
    init() {}

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        guard isA else { return }
        context.reportTemplate(event.kind.name.name, on: instance, at: event)
    }
}
