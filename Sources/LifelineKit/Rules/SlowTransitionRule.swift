/// A will→did appearance transition that took longer than a threshold.
public struct SlowTransitionRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = .callbacks(.viewDidAppear, .viewDidDisappear)

    public static let description = RuleDescription(
        identifier: "slow-transition",
        severity: .info,
        summary: "viewWillAppear→viewDidAppear (or disappear) takes longer than the threshold (default 1 s)",
        explanation: """
        The time between viewWillAppear and viewDidAppear (or viewWillDisappear and viewDidDisappear) is the \
        transition the user watches. Longer than the threshold (1 s by default; `slowTransitionSeconds` in the \
        configuration) usually means synchronous work on the main thread in viewWillAppear, viewIsAppearing or \
        layout: network or disk I/O, image decoding, large layout passes. Fix: move the work off the main \
        thread or after viewDidAppear, and show placeholders. Needs timestamps; cancelled transitions are not timed. \
        It is info by default: a log cannot tell a stalled main thread from a user's finger holding an interactive \
        swipe. Raise it with `"rules": {"slow-transition": {"severity": "warning"}}` where transitions are driven \
        by code (UI tests).
        """,
        triggeringExamples: [
            """
            2016-04-27 10:49:46.000 Shop[4089:361037] <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            ↓2016-04-27 10:49:47.800 Shop[4089:361037] <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
        ],
        nonTriggeringExamples: [
            """
            2016-04-27 10:49:46.000 Shop[4089:361037] <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            2016-04-27 10:49:46.350 Shop[4089:361037] <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
        ],
        fix: RuleFix(
            swift: """
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    showPlaceholder()
                    Task {
                        let items = try await store.loadItems()  // the main thread stays free meanwhile
                        render(items)
                    }
                }
                """,
            objectiveC: """
                - (void)viewWillAppear:(BOOL)animated {
                    [super viewWillAppear:animated];
                    [self showPlaceholder];
                    dispatch_async(dispatch_get_global_queue(QOS_CLASS_USER_INITIATED, 0), ^{
                        NSArray *items = [self.store loadItems];  // off the main thread
                        dispatch_async(dispatch_get_main_queue(), ^{ [self render:items]; });
                    });
                }
                """))

    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard let callback = event.kind.callback, let end = event.time, callback != instance.otherObjectsDid else { return }
        let start: Mark?
        switch callback {
        case .viewDidAppear where instance.appearance == .appearing: start = instance.willAppear
        case .viewDidDisappear where instance.appearance == .disappearing: start = instance.willDisappear
        default: return
        }
        guard let start, let begin = start.time else { return }
        let seconds = end.seconds(since: begin)
        let threshold = context.settings.slowTransitionThreshold
        guard seconds > threshold else { return }
        let from = start.callback?.rawValue ?? "will"
        context.report("\(instance.key.ref) \(from) → \(callback.rawValue) took \(Format.seconds(seconds)) (threshold \(Format.seconds(threshold)))",
                       on: instance, at: event)
    }
}
