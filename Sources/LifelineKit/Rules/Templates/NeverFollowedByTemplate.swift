/// `neverFollowedBy`: no B after an A in the same scope.
struct NeverFollowedByTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = (["then"], ["then"])

    static let description = RuleDescription(
        identifier: "neverFollowedBy",
        severity: .warning,
        summary: "event B (`then`) never comes after event A",
        explanation: """
        Reports every B that follows an A in its scope: work after a screen has gone (a reload after \
        viewDidDisappear), a second login after logout. Fix: cancel B's source when A happens.
        """,
        triggeringExamples: [
            """
            <Shop.FeedVC: 0x7f01> viewWillDisappear(_:)
            <Shop.FeedVC: 0x7f01> viewDidDisappear(_:)
            ↓<Shop.FeedVC: 0x7f01> reloading feed
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.FeedVC: 0x7f01> viewDidAppear(_:)
            <Shop.FeedVC: 0x7f01> reloading feed
            <Shop.FeedVC: 0x7f01> viewWillDisappear(_:)
            <Shop.FeedVC: 0x7f01> viewDidDisappear(_:)
            <Shop.FeedVC: 0x7f02> reloading feed
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "reload": "^(?<controller><[^>]+>) reloading" },
          "rules": { "no-reload-when-gone": { "template": "neverFollowedBy", "event": "viewDidDisappear", "then": "reload",
                                              "message": "stop reloading once the screen is gone" } }
        }
        """)

    /// Per scope: the first A.
    private var seenA = IntMap<Int>()
    private let names: (a: String, b: String)

    init(_ spec: CustomRuleSpec) { names = (spec.event.description, spec.then?.description ?? "") }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        if isA {
            seenA.keepingFirst(event.line, for: scope)
        } else if let a = seenA[scope] {
            context.reportTemplate("\(names.b) after \(names.a) (line \(a))", on: instance, at: event)
        }
    }

    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext) { if !seenA.isEmpty { seenA[scope] = nil } }
}
