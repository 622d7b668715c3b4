/// `notInCallbacks`: app event E never happens inside the listed lifecycle callbacks.
struct NotInCallbacksTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = (["callbacks"], ["callbacks"])
    static let readsCallbacks = true

    static let description = RuleDescription(
        identifier: "notInCallbacks",
        severity: .warning,
        summary: "app event E never happens inside the listed lifecycle callbacks (`callbacks`)",
        explanation: """
        Reports an E logged while one of the listed callbacks of its controller was running (the last callback \
        logged on its thread, or for lines without a thread, in its file): a present from viewWillAppear, \
        synchronous disk reads in layout. Fix: move the work to a later callback or off the main thread.
        """,
        triggeringExamples: [
            """
            HomeVC viewDidLoad
            HomeVC viewWillAppear
            ↓Presenting onboarding
            HomeVC viewDidAppear
            """,
        ],
        nonTriggeringExamples: [
            """
            HomeVC viewDidLoad
            HomeVC viewWillAppear
            HomeVC viewDidAppear
            Presenting onboarding
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "present": "^Presenting" },
          "rules": { "no-present-in-will-appear": { "template": "notInCallbacks", "event": "present",
                                                    "callbacks": ["viewWillAppear", "viewIsAppearing"],
                                                    "message": "present from viewDidAppear, once the screen is on screen" } }
        }
        """)

    private let name: String
    private let callbacks: [Callback]

    init(_ spec: CustomRuleSpec) {
        name = spec.event.description
        callbacks = spec.callbacks
    }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        guard isA, let app = event.kind.appEvent, let callback = app.callback, callbacks.contains(callback) else { return }
        context.reportTemplate("\(name) \(InCallbacksTemplate.place(of: app))", on: instance, at: event)
    }
}
