/// `inCallbacks`: app event E happens only inside the listed lifecycle callbacks.
struct InCallbacksTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = (["callbacks"], ["callbacks"])
    static let readsCallbacks = true

    static let description = RuleDescription(
        identifier: "inCallbacks",
        severity: .warning,
        summary: "app event E happens only inside the listed lifecycle callbacks (`callbacks`)",
        explanation: """
        Reports an E logged while another callback of its controller was running, or outside any (E belongs to \
        the last callback logged on its thread, or for lines without a thread, in its file). For example view \
        setup that must happen in viewDidLoad. Fix: move the work into one of the listed callbacks.
        """,
        triggeringExamples: [
            """
            2016-04-27 10:49:46.694 Shop[67943:4951489] -[HomeVC viewDidLoad]
            2016-04-27 10:49:46.695 Shop[67943:4951489] -[HomeVC viewWillAppear:]
            ↓2016-04-27 10:49:46.696 Shop[67943:4951489] building subviews
            """,
        ],
        nonTriggeringExamples: [
            """
            2016-04-27 10:49:46.694 Shop[67943:4951489] -[HomeVC viewDidLoad]
            2016-04-27 10:49:46.695 Shop[67943:4951511] -[CartVC viewWillAppear:]
            2016-04-27 10:49:46.696 Shop[67943:4951489] building subviews
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "buildViews": "^building subviews" },
          "rules": { "views-in-load": { "template": "inCallbacks", "event": "buildViews", "callbacks": ["loadView", "viewDidLoad"],
                                        "message": "build the view hierarchy once, when the view loads" } }
        }
        """)

    private let name: String
    private let callbacks: [Callback]

    init(_ spec: CustomRuleSpec) {
        name = spec.event.description
        callbacks = spec.callbacks
    }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        guard isA, let app = event.kind.appEvent else { return }
        if let callback = app.callback, callbacks.contains(callback) { return }
        context.reportTemplate("\(name) \(Self.place(of: app))", on: instance, at: event)
    }

    /// `in viewWillAppear (line 4)`, `outside its callbacks`.
    static func place(of event: AppEvent) -> String {
        guard let callback = event.callback else { return "outside its callbacks" }
        return "in \(callback.rawValue)" + (event.callbackLine.map { " (line \($0))" } ?? "")
    }
}
