/// `notWithin`: no B within `within` seconds after an A in its scope.
struct NotWithinTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = (["then", "within"], ["then", "within"])

    static let description = RuleDescription(
        identifier: "notWithin",
        severity: .warning,
        summary: "event B (`then`) does not come within `within` seconds after event A",
        explanation: """
        Reports a B that came at most `within` seconds after the latest A of its scope (judged only with \
        timestamps). A and B may be the same event: then no E comes again that soon, the classic use being a \
        request sent twice as a screen reappears during an interactive pop. Fix: debounce the work, or start \
        it where it runs once (viewDidLoad).
        """,
        triggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.150 Shop[4089:51117] Requesting products
            2024-03-01 10:49:46.400 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            ↓2024-03-01 10:49:46.450 Shop[4089:51117] Requesting products
            """,
        ],
        nonTriggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.150 Shop[4089:51117] Requesting products
            2024-03-01 10:49:49.400 Shop[4089:51117] <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:49.450 Shop[4089:51117] Requesting products
            """,
            """
            <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            Requesting products
            <Shop.ProductsVC: 0x7f01> viewWillAppear(_:)
            Requesting products
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "productRequest": "Requesting products" },
          "rules": { "products-debounced": { "template": "notWithin", "event": "productRequest", "then": "productRequest",
                                             "within": 1, "message": "request products at most once a second" } }
        }
        """)

    /// Per scope: the latest A, and the one before it (a B that is also an A is judged against the A before).
    private var latest = IntMap<(line: Int, time: TraceTime, earlier: TraceTime?, earlierLine: Int)>()
    private let names: (a: String, b: String)
    private let within: Double

    init(_ spec: CustomRuleSpec) {
        names = (spec.event.description, spec.then?.description ?? "")
        within = spec.within ?? 0
    }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        guard let time = event.time else { return }
        if isA {
            let previous = latest[scope]
            latest.insert((event.line, time, previous?.time, previous?.line ?? 0), for: scope)
            return
        }
        guard let a = latest[scope] else { return }
        let (start, line) = a.line == event.line ? (a.earlier, a.earlierLine) : (a.time, a.line)
        guard let start, case let delay = time.seconds(since: start), delay <= within else { return }
        context.reportTemplate("\(names.b) \(Format.seconds(delay)) after \(names.a) at line \(line) (limit \(Format.seconds(within)))",
                               on: instance, at: event)
    }

    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext) {
        if !latest.isEmpty { latest.removeValue(forKey: scope) }
    }
}
