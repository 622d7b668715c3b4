/// `loadView`/`viewDidLoad` more than once for one instance.
public struct LoadOnceRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = .callbacks(.loadView, .viewDidLoad)

    public static let description = RuleDescription(
        identifier: "load-once",
        severity: .error,
        summary: "loadView or viewDidLoad runs more than once for one instance",
        explanation: """
        A view controller loads its view once: loadView and viewDidLoad each run at most once per instance, and \
        since iOS 6 the view is never unloaded. A second viewDidLoad means it was called by hand, the app set view \
        to nil (its next use loads it again), or two objects share the key: a new object at a reused address whose \
        init and the old one's dealloc were not logged. A loadView on the line right after the instance's last \
        callback is UIKit asking again because loadView set no view (a loop); after other lines it may be such a \
        reload, and only the viewDidLoad that follows is reported. Fix: never call viewDidLoad yourself; move code \
        you want to re-run into a method of its own. If the class is created and freed repeatedly, log init and \
        deinit so Lifeline can tell the instances apart.
        """,
        triggeringExamples: [
            """
            loadView()
            viewDidLoad()
            ↓loadView()
            ↓viewDidLoad()
            loadView()
            viewDidLoad()
            """,
            """
            <Shop.CartViewController: 0x7f01> init(coder:)
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            ↓<Shop.CartViewController: 0x7f01> viewDidLoad()
            """,
            """
            2016-04-27 10:49:46.694 TestMe[67943:4951489] vc1 init
            2016-04-27 10:49:46.695 TestMe[67943:4951489] vc1 viewDidLoad
            ↓2016-04-27 10:49:46.900 TestMe[67943:4951489] vc1 viewDidLoad
            """,
            """
            <Shop.CartViewController: 0x7f01> loadView()
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            setting view to nil
            <Shop.CartViewController: 0x7f01> loadView()
            ↓<Shop.CartViewController: 0x7f01> viewDidLoad()
            """,
        ],
        nonTriggeringExamples: [
            """
            viewDidLoad()
            viewWillAppear(_:)
            viewDidAppear(_:)
            viewWillDisappear(_:)
            viewDidDisappear(_:)
            viewDidLoad()
            """,
            """
            viewDidLoad()
            viewWillAppear(_:)
            viewDidAppear(_:)
            deinit
            viewDidLoad()
            """,
            """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> deinit
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            """,
            """
            <Shop.CartViewController: 0x7f01> loadView()
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            """,
        ],
        fix: RuleFix(
            swift: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    reloadContent()
                }

                // Call this again instead of viewDidLoad():
                func reloadContent() {
                    tableView.reloadData()
                }
                """,
            objectiveC: """
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [self reloadContent];
                }

                // Call this again instead of -viewDidLoad:
                - (void)reloadContent {
                    [self.tableView reloadData];
                }
                """))

    /// Per instance serial, the callbacks already reported again: a loop of loads is one fault, reported once per
    /// callback, not once per line.
    private var reported: [Int: CallbackSet] = [:]

    public mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard !instance.isDeallocated, let callback = event.kind.callback else { return }
        let earlier: Int?
        switch callback {
        case .loadView:
            earlier = instance.loadViewLine
            // Only a loadView on the line right after the instance's last event is known to be UIKit asking again;
            // after other lines the app may have set view to nil, and the viewDidLoad that follows is reported.
            if earlier != nil, event.line != instance.lastLine + 1 { return }
        case .viewDidLoad: earlier = instance.viewDidLoadLine
        default: return
        }
        guard let earlier, reported[instance.serial]?.contains(callback) != true else { return }
        reported[instance.serial, default: CallbackSet()].insert(callback)
        context.report("\(instance.key.ref) \(callback.rawValue) again (first at line \(earlier)): a view loads once per instance; later repeats are not reported",
                       on: instance, at: event)
    }

    public mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if !reported.isEmpty { reported[instance.serial] = nil }
    }
}
