/// UIKit's own console warnings about appearance and presentation.
public struct UIKitWarningRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = EventFilter(warnings: true)

    public static let description = RuleDescription(
        identifier: "uikit-warning",
        severity: .warning,
        summary: "UIKit itself warned about this controller's appearance or presentation",
        explanation: """
        UIKit prints these when it detects a misuse, so they are direct evidence: "Unbalanced calls to \
        begin/end appearance transitions" (overlapping push/present, or faulty manual forwarding in a container), \
        "Attempt to present … whose view is not in the window hierarchy" (presenting from an off-screen controller, \
        e.g. in viewDidLoad), presenting on a detached controller or while another presentation runs, "Calling \
        -viewWillAppear: directly on a view controller is not supported" (an appearance method called by hand), \
        "nested push/pop animation can result in corrupted navigation bar" and "Finishing up a navigation \
        transition in an unexpected state" (a push or pop started before the last one ended). The finding is \
        attached to the controller UIKit names as the culprit, or to the process's navigation controller when it \
        names none, and later appearance-order errors on it become warnings. Fix: present from viewDidAppear or later, wait for transitions to finish (use completion \
        handlers), never push or pop while a transition runs, and pair \
        beginAppearanceTransition/endAppearanceTransition instead of calling appearance methods.
        """,
        triggeringExamples: [
            """
            ↓2013-05-13 21:46:47.985 Shop[31694:c07] nested pop animation can result in corrupted navigation bar
            ↓2013-05-13 21:46:48.336 Shop[31694:c07] Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.
            """,
            """
            ↓[ViewController] Calling -viewWillAppear: directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. View controller: <Shop.PlayerViewController: 0x11e07cc00>
            """,
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
        ],
        fix: RuleFix(
            swift: """
                // Present once the view is in the window, not from viewDidLoad:
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    present(onboarding, animated: true)
                }

                // Push only after the pop has finished:
                let navigation = navigationController
                navigation?.popViewController(animated: true)
                navigation?.transitionCoordinator?.animate(alongsideTransition: nil) { _ in
                    navigation?.pushViewController(next, animated: true)
                }
                """,
            objectiveC: """
                // Present once the view is in the window, not from -viewDidLoad:
                - (void)viewDidAppear:(BOOL)animated {
                    [super viewDidAppear:animated];
                    [self presentViewController:self.onboarding animated:YES completion:nil];
                }

                // Push only after the pop has finished:
                UINavigationController *navigation = self.navigationController;
                [navigation popViewControllerAnimated:YES];
                [navigation.transitionCoordinator animateAlongsideTransition:nil completion:^(id context) {
                    [navigation pushViewController:next animated:YES];
                }];
                """))

    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard case .uikitWarning(let summary) = event.kind else { return }
        context.report("\(instance.key.ref) \(summary)", on: instance, at: event)
    }
}
