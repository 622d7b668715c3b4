/// `pairs`: A and B alternate and balance in each scope (per value of the events' `key` group with `byKey`).
struct PairsTemplate: RuleTemplate {
    static let fields: (optional: Set<String>, required: Set<String>) = (["then", "byKey"], ["then"])

    static let description = RuleDescription(
        identifier: "pairs",
        severity: .warning,
        summary: "events A and B (`then`) alternate and balance, optionally per `key`",
        explanation: """
        Reports an A while the previous A is still open, a B with no open A, and an A still open when its scope \
        ends: a timer started twice, a spinner hidden that was never shown, a subscription never cancelled. With \
        "byKey": true, each value of the patterns' (?<key>…) group pairs on its own (request ids). Fix: end what \
        you start on every path, and start it once.
        """,
        triggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:46.110 Shop[4089:51117] start updates 1
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewWillDisappear(_:)
            2024-03-01 10:49:46.300 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewDidDisappear(_:)
            2024-03-01 10:49:46.400 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewWillAppear(_:)
            2024-03-01 10:49:46.500 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewDidAppear(_:)
            ↓2024-03-01 10:49:46.510 Shop[4089:51117] start updates 1
            2024-03-01 10:49:46.600 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewWillDisappear(_:)
            2024-03-01 10:49:46.610 Shop[4089:51117] stop updates 1
            """,
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewDidAppear(_:)
            ↓2024-03-01 10:49:46.110 Shop[4089:51117] start updates 2
            2024-03-01 10:49:46.120 Shop[4089:51117] start updates 1
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewWillDisappear(_:)
            2024-03-01 10:49:46.210 Shop[4089:51117] stop updates 1
            """,
        ],
        nonTriggeringExamples: [
            """
            2024-03-01 10:49:46.100 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewDidAppear(_:)
            2024-03-01 10:49:46.110 Shop[4089:51117] start updates 1
            2024-03-01 10:49:46.120 Shop[4089:51117] start updates 2
            2024-03-01 10:49:46.200 Shop[4089:51117] <Shop.MapVC: 0x7f01> viewWillDisappear(_:)
            2024-03-01 10:49:46.210 Shop[4089:51117] stop updates 2
            2024-03-01 10:49:46.220 Shop[4089:51117] stop updates 1
            """,
        ],
        exampleConfiguration: """
        {
          "events": { "startUpdates": "^start updates (?<key>\\\\d+)", "stopUpdates": "^stop updates (?<key>\\\\d+)" },
          "rules": { "balanced-updates": { "template": "pairs", "event": "startUpdates", "then": "stopUpdates", "byKey": true,
                                           "message": "stop location updates you start, once" } }
        }
        """)

    /// Per scope: the open A of each key (the nil key when the rule is not `byKey`). By scope, so that closing one
    /// looks at its own As only.
    private var open = IntMap<[String?: SeenEvent]>()
    private let names: (a: String, b: String)
    private let byKey: Bool

    init(_ spec: CustomRuleSpec) {
        names = (spec.event.description, spec.then?.description ?? "")
        byKey = spec.byKey
    }

    mutating func see(_ event: LifecycleEvent, first isA: Bool, scope: RuleScope, on instance: Instance, in context: RuleContext) {
        let key = byKey ? event.kind.appEvent?.key : nil
        let keyText = key.map { " (key \($0))" } ?? ""
        var keys = open.removeValue(forKey: scope) ?? [:]
        defer { if !keys.isEmpty { open.insert(keys, for: scope) } }
        if isA {
            if let earlier = keys[key] {
                context.reportTemplate("\(names.a)\(keyText) again before \(names.b) (open since line \(earlier.line))", on: instance, at: event)
            }
            keys[key] = SeenEvent(line: event.line, time: event.time, text: context.text(of: event), instance: InstanceMark(instance))
        } else if keys.removeValue(forKey: key) == nil {
            context.reportTemplate("\(names.b)\(keyText) without an open \(names.a)", on: instance, at: event)
        }
    }

    mutating func close(_ scope: RuleScope, of instance: Instance?, in context: RuleContext) {
        guard !open.isEmpty, let keys = open.removeValue(forKey: scope) else { return }
        // In line order; As of one line by key, so that the order never depends on hashing.
        for (key, a) in keys.sorted(by: { ($0.value.line, $0.key ?? "") < ($1.value.line, $1.key ?? "") }) {
            context.reportTemplate("\(names.a)\(key.map { " (key \($0))" } ?? "") never balanced by \(names.b)", at: a, name: names.a)
        }
    }
}
