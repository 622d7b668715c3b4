/// `viewWillUnload` / `viewDidUnload`, which UIKit has not called since iOS 6: the `never` template over those two
/// callbacks, with the contract as its message.
public struct DeprecatedCallbackRule: TemplateRule {
    public init() {}
    public static let checkedEvents: EventFilter = .callbacks(.viewWillUnload, .viewDidUnload)

    public static let description = RuleDescription(
        identifier: "deprecated-callback",
        severity: .info,
        summary: "viewWillUnload or viewDidUnload, never called by UIKit since iOS 6",
        explanation: """
        viewWillUnload and viewDidUnload are deprecated since iOS 6 and UIKit no longer calls them: a loaded view \
        stays loaded for the controller's whole life. Seeing one in a log means app code called it by hand, \
        and clean-up placed there never runs on its own. Fix: move memory clean-up to didReceiveMemoryWarning and \
        teardown to deinit, and delete the override.
        """,
        triggeringExamples: [
            """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            ↓<Shop.CartViewController: 0x7f01> viewDidUnload()
            """,
            """
            ↓2016-04-27 10:49:46.694 TestMe[67943:4951489] -[CartViewController viewWillUnload]
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> didReceiveMemoryWarning()
            """,
        ],
        fix: RuleFix(
            swift: """
                // Delete viewDidUnload(): UIKit never calls it.
                override func didReceiveMemoryWarning() {
                    super.didReceiveMemoryWarning()
                    imageCache.removeAll()
                }

                deinit {
                    NotificationCenter.default.removeObserver(self)
                }
                """,
            objectiveC: """
                // Delete -viewDidUnload: UIKit never calls it.
                - (void)didReceiveMemoryWarning {
                    [super didReceiveMemoryWarning];
                    [self.imageCache removeAllObjects];
                }

                - (void)dealloc {
                    [NSNotificationCenter.defaultCenter removeObserver:self];
                }
                """))

    private var never = NeverTemplate()
    private static let contract = "deprecated since iOS 6 and never called by UIKit; this is a hand call"
    var templateMessage: String { Self.contract }

    public mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        never.see(event, first: Self.checkedEvents.matches(event.kind), scope: instance.serial, on: instance, in: context)
    }
}
