/// An appearance or layout callback before `viewDidLoad`.
public struct LoadBeforeAppearRule: Rule {
    public init() {}
    /// Loads, and the appearance and layout callbacks a load must come before.
    public static let checkedEvents = EventFilter(callbacks: CallbackSet(Callback.allCases.filter {
        $0 == .loadView || $0 == .viewDidLoad || $0.isAppearance || $0.isLayout
    }))

    /// An appearance or layout callback of an instance not loaded yet.
    private struct First {
        let line: Int
        let callback: Callback
    }

    /// The first appearance or layout callback of each instance that has not loaded, by serial, until it loads or ends.
    private var firstBeforeLoad: [Int: First] = [:]
    /// The same for the object a callback after a dealloc starts at that key (the next generation), whose serial is
    /// not known yet.
    private var firstOfNextLife: [InstanceKey: (generation: Int, first: First)] = [:]

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

    public mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard let callback = event.kind.callback else { return }
        if callback == .loadView || callback == .viewDidLoad {
            judgeLoad(callback, event, instance, context)
        } else if instance.isDeallocated {
            firstOfNextLife[instance.key] = (instance.generation + 1, First(line: event.line, callback: callback))
        } else if !instance.isLoaded, !instance.appearedOrLaidOut {
            firstBeforeLoad[instance.serial] = First(line: event.line, callback: callback)
        }
    }

    private mutating func judgeLoad(_ callback: Callback, _ event: LifecycleEvent, _ instance: Instance, _ context: RuleContext) {
        guard !instance.isDeallocated, !instance.isLoaded, instance.appearedOrLaidOut else { return }
        let first = firstBeforeLoad.removeValue(forKey: instance.serial) ?? takeFirstOfNextLife(instance)
        guard let first else { return }
        context.report("\(instance.key.ref) \(callback.rawValue) after \(first.callback.rawValue) at line \(first.line): the view appeared before it loaded",
                       on: instance, at: event)
    }

    private mutating func takeFirstOfNextLife(_ instance: Instance) -> First? {
        guard !firstOfNextLife.isEmpty, let next = firstOfNextLife[instance.key], next.generation == instance.generation else { return nil }
        firstOfNextLife[instance.key] = nil
        return next.first
    }

    /// Both tables are empty unless an instance appeared before it loaded: nothing is hashed for most instances.
    public mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if !firstBeforeLoad.isEmpty { firstBeforeLoad[instance.serial] = nil }
        if !firstOfNextLife.isEmpty { _ = takeFirstOfNextLife(instance) }
    }
}
