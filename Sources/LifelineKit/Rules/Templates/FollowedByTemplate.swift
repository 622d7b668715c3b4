/// `followedBy`: every A is followed by a B in its scope, optionally within `within` seconds.
struct FollowedByTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = (["then", "within"], ["then"])

    static let description = RuleDescription(
        identifier: "followedBy",
        severity: .warning,
        summary: "event A is always followed by event B (`then`), optionally `within` N seconds",
        explanation: """
        Reports an A that no B followed before its scope ended (the instance was freed, or the trace ended), or \
        that B followed later than `within` seconds (judged when B comes, so only with timestamps). For example \
        the analytics screen_view after every viewDidAppear. Fix: emit B on every path after A.
        """,
        triggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillAppear(_:)
            ↓2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:46.300 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillDisappear(_:)
            """,
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillAppear(_:)
            ↓2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:49.900 Shop[4089:51117] analytics screen_view HomeVC
            """,
        ],
        nonTriggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.HomeVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:46.300 Shop[4089:51117] analytics screen_view HomeVC
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "screenView": "^analytics screen_view" },
          "rules": { "screen-view": { "template": "followedBy", "event": "viewDidAppear", "then": "screenView", "within": 2,
                                      "message": "log screen_view within 2 s of every appearance" } }
        }
        """)

    /// Per scope: the earliest A no B has followed yet, its line kept in `lines`.
    private var pending = IntMap<Pending>()
    /// The latest such A, kept out of `pending`: a B mostly comes before the next A of another scope, and then
    /// finds its A without a look-up.
    private var latest: (scope: RuleScope, pending: Pending)?
    private var lines = SeenLines()
    /// The instance of each pending A of a class's scope, by its line's slot. An instance's own scope needs none:
    /// its key is the instance's when the scope closes or its B comes.
    private var classScopeKeys: [Int32: InstanceKey] = [:]
    private let names: (a: String, b: String)
    private let within: Double?

    /// Numbers only, so that keeping, moving and dropping one copies bytes and counts no references.
    private struct Pending {
        var line: Int
        var time: TraceTime?
        var text: SeenLines.Slot
        var place: InstanceMark.Place
    }

    init(_ spec: CustomRuleSpec) {
        names = (spec.event.description, spec.then?.description ?? "")
        within = spec.within
    }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        if isA {
            guard latest?.scope != scope, !pending.contains(scope) else { return }  // the earliest A stands
            if let previous = latest.take() { pending.insert(previous.pending, for: previous.scope) }
            let text = context.withLine(of: event) { lines.keep($0) }
            if scope < 0 { classScopeKeys[text.index] = instance.key }
            latest = (scope, Pending(line: event.line, time: event.time, text: text, place: InstanceMark.Place(instance)))
            return
        }
        guard let a = take(scope) else { return }
        defer { release(a) }
        if let within, let start = a.time, let end = event.time, end.seconds(since: start) > within {
            context.reportTemplate("\(names.a) followed by \(names.b) only after \(Format.seconds(end.seconds(since: start))) (line \(event.line); "
                          + "limit \(Format.seconds(within)))", at: seen(a, of: instance), name: names.a)
        }
    }

    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext) {
        guard let a = take(scope) else { return }
        context.reportTemplate("\(names.a) never followed by \(names.b)", at: seen(a, of: instance), name: names.a)
        release(a)
    }

    /// Removes and returns the A `scope` waits on.
    private mutating func take(_ scope: RuleScope) -> Pending? {
        if latest?.scope == scope { return latest.take()?.pending }
        return pending.isEmpty ? nil : pending.removeValue(forKey: scope)
    }

    private mutating func release(_ a: Pending) {
        if !classScopeKeys.isEmpty { classScopeKeys[a.text.index] = nil }
        lines.release(a.text)
    }

    /// The A as a finding quotes it; `instance` is the one of its scope (ignored for a class's scope).
    private func seen(_ a: Pending, of instance: Instance?) -> SeenEvent {
        let key = classScopeKeys[a.text.index] ?? instance!.key
        return SeenEvent(line: a.line, time: a.time, text: lines.text(a.text), instance: InstanceMark(key: key, a.place))
    }
}
