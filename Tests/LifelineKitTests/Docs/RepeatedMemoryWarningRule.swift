@testable import LifelineKit

/// docs/architecture.md's worked example of a rule: an instance told of low memory a third time.
struct RepeatedMemoryWarningRule: Rule {
    static let description = RuleDescription(
        identifier: "repeated-memory-warning",
        severity: .info,
        summary: "an instance receives a third memory warning",
        explanation: "A screen that lives through repeated memory pressure keeps what it could rebuild. Fix: free caches in didReceiveMemoryWarning.",
        triggeringExamples: [
            """
            <Shop.MapVC: 0x7f01> viewDidLoad()
            <Shop.MapVC: 0x7f01> didReceiveMemoryWarning()
            <Shop.MapVC: 0x7f01> didReceiveMemoryWarning()
            ↓<Shop.MapVC: 0x7f01> didReceiveMemoryWarning()
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.MapVC: 0x7f01> didReceiveMemoryWarning()
            <Shop.MapVC: 0x7f01> didReceiveMemoryWarning()
            <Shop.MapVC: 0x7f01> dealloc
            <Shop.MapVC: 0x7f01> init(coder:)
            <Shop.MapVC: 0x7f01> didReceiveMemoryWarning()
            """,
        ])
    static let checkedEvents: EventFilter = .callbacks(.didReceiveMemoryWarning)

    /// Warnings so far, by instance serial: the rule's own memory, dropped when the instance ends.
    private var warnings: [Int: Int] = [:]

    init() {}

    mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        warnings[instance.serial, default: 0] += 1
        if warnings[instance.serial] == 3 {
            context.report("\(instance.key.ref) received a third memory warning", on: instance, at: event)
        }
    }

    mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        warnings[instance.serial] = nil
    }
}
