/// Any callback for an instance after its `deinit`/`dealloc`.
public struct CallbackAfterDeallocRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = EventFilter(callbacks: CallbackSet(Callback.allCases.filter { !$0.beginsLife && $0 != .dealloc }))

    public static let description = RuleDescription(
        identifier: "callback-after-dealloc",
        severity: .warning,
        summary: "a callback arrives for an instance after its dealloc",
        explanation: """
        Nothing can happen to an object after dealloc/deinit. An init, loadView or viewDidLoad at the same \
        address starts a new instance (addresses are reused), but any other callback means either a dangling \
        reference (an unowned or unsafe pointer, a zombie) or a new object at the reused address whose init was not \
        logged. It is a warning, not an error, because of the second case. A class name or label without an address \
        may stand for several objects, so it is judged only with an address. Fix: look for unowned references and \
        unsafe pointers to the controller; log init so reuse is visible. Lifeline then treats the address as holding \
        a new instance.
        """,
        triggeringExamples: [
            """
            <Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            <Shop.CartViewController: 0x7f01> deinit
            ↓<Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
        ],
        nonTriggeringExamples: [
            """
            viewDidLoad()
            deinit
            viewWillAppear(_:)
            viewDidAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> deinit
            <Shop.CartViewController: 0x7f01> init(coder:)
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> deinit
            removeObserver CartDidChange
            """,
            """
            -[ViewController viewDidDisappear:]
            -[ViewController dealloc]
            -[ViewController didReceiveMemoryWarning]
            """,
        ],
        fix: RuleFix(
            swift: """
                // A closure that may outlive the controller holds it weakly, never unowned:
                service.onUpdate = { [weak self] in
                    self?.render()
                }
                """,
            objectiveC: """
                // A block that may outlive the controller holds it weakly, never __unsafe_unretained:
                __weak typeof(self) weakSelf = self;
                self.service.onUpdate = ^{
                    [weakSelf render];
                };
                """))

    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard let dealloc = instance.dealloc, let callback = event.kind.callback,
              !callback.beginsLife, callback != .dealloc else { return }
        context.report("\(instance.key.ref) \(callback.rawValue) after its dealloc at line \(dealloc.line)", on: instance, at: event)
    }
}
