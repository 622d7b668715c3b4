/// UIKit's own console warnings about appearance and presentation (§3.7).
public struct UIKitWarningRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = EventFilter(warnings: true)
    public static let judgesBodies = false

    public static let description = RuleDescription(
        identifier: "uikit-warning",
        severity: .warning,
        summary: "UIKit itself warned about this controller's appearance or presentation",
        explanation: """
        UIKit prints these when it detects a misuse, so they are direct evidence (§3.7): "Unbalanced calls to \
        begin/end appearance transitions" (overlapping push/present, or faulty manual forwarding in a container), \
        "Attempt to present … whose view is not in the window hierarchy" (presenting from an off-screen controller, \
        e.g. in viewDidLoad), presenting on a detached controller or while another presentation runs. The finding \
        is attached to the controller UIKit names as the culprit, and later appearance-order errors on it become \
        warnings. Fix: present from viewDidAppear or later, wait for transitions to finish (use completion \
        handlers), and pair beginAppearanceTransition/endAppearanceTransition.
        """,
        triggeringExamples: [
            """
            ↓2016-04-27 10:49:46.694 Shop[4089:361037] Unbalanced calls to begin/end appearance transitions for <Shop.CartViewController: 0x7fa1c8d0a200>.
            """,
            """
            ↓2016-04-27 10:49:46.694 Shop[4089:361037] Warning: Attempt to present <Shop.LoginViewController: 0x7f02> on <Shop.ListViewController: 0x7f01> whose view is not in the window hierarchy!
            """,
        ],
        nonTriggeringExamples: [
            """
            2016-04-27 10:49:46.694 Shop[4089:361037] Presenting <Shop.LoginViewController: 0x7f02>
            2016-04-27 10:49:46.695 Shop[4089:361037] Attempt to reconnect in 3 s
            """,
        ])

    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard case .uikitWarning(let summary) = event.kind else { return }
        context.report("\(instance.key.ref) \(summary)", on: instance, at: event)
    }
}
