/// An appearance or layout callback before `viewDidLoad`.
public struct LoadBeforeAppearRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = .callbacks(.loadView, .viewDidLoad)
    public static let judgesBodies = false
    public static let judgesFinished = false

    public static let description = RuleDescription(
        identifier: "load-before-appear",
        severity: .error,
        summary: "an appearance or layout callback comes before viewDidLoad",
        explanation: """
        UIKit loads a view before it can appear or lay out, so every appearance and layout callback of \
        an instance follows its viewDidLoad. viewDidLoad logged after one of them is an order UIKit cannot \
        produce: usually an appearance method called by hand before the view was ever used, or a subclass \
        that logs viewDidLoad before calling super in a custom loadView. Fix: let UIKit drive appearance; if you \
        need the view early, read `view` (or call loadViewIfNeeded()) first. The finding is on the viewDidLoad line, \
        where the order becomes certain.
        """,
        triggeringExamples: [
            """
            <Shop.CartViewController: 0x7fa1c8d0b600> init(nibName:bundle:)
            <Shop.CartViewController: 0x7fa1c8d0b600> viewWillAppear(_:)
            ↓<Shop.CartViewController: 0x7fa1c8d0b600> viewDidLoad()
            """,
            """
            <Shop.CartViewController: 0x7f01> init(coder:)
            <Shop.CartViewController: 0x7f01> viewWillLayoutSubviews()
            ↓<Shop.CartViewController: 0x7f01> loadView()
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.CartViewController: 0x7f01> init(coder:)
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            <Shop.CartViewController: 0x7f01> viewWillDisappear(_:)
            """,
        ],
        fix: RuleFix(
            swift: """
                let detail = DetailViewController()
                detail.loadViewIfNeeded()  // not detail.viewWillAppear(false)
                detail.titleLabel.text = item.title
                navigationController?.pushViewController(detail, animated: true)
                """,
            objectiveC: """
                DetailViewController *detail = [[DetailViewController alloc] init];
                [detail loadViewIfNeeded];  // not [detail viewWillAppear:NO]
                detail.titleLabel.text = item.title;
                [self.navigationController pushViewController:detail animated:YES];
                """))

    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard let callback = event.kind.callback, callback == .loadView || callback == .viewDidLoad,
              !instance.isDeallocated, !instance.isLoaded, let first = instance.firstAppearanceOrLayout else { return }
        let before = first.callback?.rawValue ?? "an appearance callback"
        context.report("\(instance.key.ref) \(callback.rawValue) after \(before) at line \(first.line): the view appeared before it loaded",
                       on: instance, at: event)
    }
}
