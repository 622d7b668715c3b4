/// Illegal transitions of the appearance state machine. Cancelled interactive transitions are legal.
public struct AppearanceOrderRule: Rule {
    public init() {}
    public static let checkedEvents = EventFilter(callbacks: CallbackSet([.viewWillAppear, .viewIsAppearing, .viewDidAppear,
                                                                          .viewWillDisappear, .viewDidDisappear, .dealloc]),
                                                  warnings: true)
    /// Instances UIKit warned about, by serial: their errors become warnings.
    private var warned: Set<Int> = []
    /// Unlabelled instances whose last will-callback came twice in a row, by serial: two controllers going the same
    /// way together (a container and its child), so their did-callbacks come twice too.
    private var willCameTwice: Set<Int> = []

    public static let description = RuleDescription(
        identifier: "appearance-order",
        severity: .error,
        summary: "an appearance callback arrives in a state UIKit cannot produce",
        explanation: """
        Each instance moves disappeared → viewWillAppear → appearing → viewDidAppear → appeared → \
        viewWillDisappear → disappearing → viewDidDisappear → disappeared. A cancelled interactive \
        transition may turn back midway (disappearing → viewWillAppear, appearing → viewWillDisappear), which is \
        legal. Anything else means appearance methods were called by hand, super was skipped, or a custom \
        container forwarded appearance twice: viewDidAppear without viewWillAppear, viewWillAppear while already \
        appeared (the classic hand call), viewDidDisappear without viewWillDisappear (errors); viewWillAppear while \
        appearing, viewWillDisappear while disappeared (warnings). Fix: never call these methods yourself; in custom \
        containers use beginAppearanceTransition(_:animated:)/endAppearanceTransition(). After a UIKit \
        "Unbalanced calls" warning for the same controller errors become warnings. A class that never logs the \
        callback a transition needs is not judged on it, except that a did-callback twice in a row is always \
        wrong; an instance's first event sets its state. Callbacks with no label (the unlabelled controller, \
        which may be several controllers) are judged only on a did-callback twice in a row; for a label without an \
        address, which may name two objects of one class (a list pushing a list), a did-callback against the \
        direction of the last will-callback is not judged either. A dealloc right after viewDidAppear, with nothing \
        logged in between and no disappear callback, is a warning: the controller was freed while its view stayed \
        on screen.
        """,
        triggeringExamples: [
            """
            viewDidAppear
            viewDidDisappear
            ↓viewDidDisappear
            viewDidAppear
            ↓viewDidAppear
            """,
            """
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidAppear(_:)
            ↓<Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            ↓<Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewDidLoad()
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            <Shop.CartViewController: 0x7f01> viewWillDisappear(_:)
            <Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            ↓<Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            """,
            """
            2016-04-27 10:49:46.694 TestMe[67943:4951489] vc1 viewDidLoad
            2016-04-27 10:49:46.695 TestMe[67943:4951489] vc1 viewWillAppear
            ↓2016-04-27 10:49:46.696 TestMe[67943:4951489] vc1 viewWillAppear
            2016-04-27 10:49:46.731 TestMe[67943:4951489] vc1 viewDidAppear
            """,
            """
             2726.56  Z-orphan viewWillAppear
             2731.48  Z-orphan viewDidAppear
            ↓ 2731.49  Z-orphan dealloc
            """,
        ],
        nonTriggeringExamples: [
            """
            -[DetailViewController viewWillAppear:]
            -[DetailViewController viewDidAppear:]
            -[ListViewController viewWillAppear:]
            -[ListViewController viewDidAppear:]
            -[DetailViewController dealloc]
            """,
            """
            -[ListViewController viewWillAppear:]
            -[ListViewController viewDidAppear:]
            -[ListViewController viewWillDisappear:]
            -[ListViewController viewDidDisappear:]
            -[ListViewController viewWillAppear:]
            -[ListViewController viewDidAppear:]
            -[ListViewController dealloc]
            """,
            """
            -[FolderViewController viewDidLoad]
            -[FolderViewController viewWillAppear:]
            -[FolderViewController viewDidAppear:]
            -[FolderViewController viewDidLoad]
            -[FolderViewController viewWillDisappear:]
            -[FolderViewController viewWillAppear:]
            -[FolderViewController viewDidAppear:]
            -[FolderViewController viewDidDisappear:]
            -[FolderViewController viewWillDisappear:]
            -[FolderViewController viewWillAppear:]
            -[FolderViewController viewDidDisappear:]
            -[FolderViewController viewDidAppear:]
            """,
            """
            viewWillAppear(_:)
            viewWillAppear(_:)
            viewDidAppear(_:)
            viewDidAppear(_:)
            """,
            """
            viewDidLoad()
            viewWillAppear(_:)
            viewDidAppear(_:)
            viewDidLoad()
            viewWillDisappear(_:)
            viewWillAppear(_:)
            viewDidAppear(_:)
            viewDidDisappear(_:)
            """,
            """
            viewDidAppear
            viewDidDisappear
            viewDidAppear
            viewDidDisappear
            """,
            """
            <Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)
            <Shop.CartViewController: 0x7fa1c8d0a200> viewDidAppear(_:)
            <Shop.CartViewController: 0x7fa1c8d0a200> viewWillDisappear(_:)
            <Shop.ListViewController: 0x7fa1c8d09e00> viewWillAppear(_:)
            <Shop.ListViewController: 0x7fa1c8d09e00> viewWillDisappear(_:)
            <Shop.ListViewController: 0x7fa1c8d09e00> viewDidDisappear(_:)
            <Shop.CartViewController: 0x7fa1c8d0a200> viewWillAppear(_:)
            <Shop.CartViewController: 0x7fa1c8d0a200> viewDidAppear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            <Shop.CartViewController: 0x7f01> viewWillDisappear(_:)
            <Shop.CartViewController: 0x7f01> viewDidDisappear(_:)
            """,
            """
            <Shop.CartViewController: 0x7f01> viewWillAppear(_:)
            <Shop.CartViewController: 0x7f01> viewIsAppearing(_:)
            <Shop.CartViewController: 0x7f01> viewDidAppear(_:)
            """,
        ],
        fix: RuleFix(
            swift: """
                // A container that forwards appearance to its child itself:
                override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    child.beginAppearanceTransition(true, animated: animated)  // not child.viewWillAppear(animated)
                }

                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    child.endAppearanceTransition()  // not child.viewDidAppear(animated)
                }
                """,
            objectiveC: """
                // A container that forwards appearance to its child itself:
                - (BOOL)shouldAutomaticallyForwardAppearanceMethods {
                    return NO;
                }

                - (void)viewWillAppear:(BOOL)animated {
                    [super viewWillAppear:animated];
                    [self.child beginAppearanceTransition:YES animated:animated];  // not [self.child viewWillAppear:animated]
                }

                - (void)viewDidAppear:(BOOL)animated {
                    [super viewDidAppear:animated];
                    [self.child endAppearanceTransition];  // not [self.child viewDidAppear:animated]
                }
                """))

    public mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        if case .uikitWarning = event.kind {
            warned.insert(instance.serial)
            return
        }
        if event.kind.callback == .dealloc {
            checkDealloc(event, instance, context)
            return
        }
        guard let callback = event.kind.callback else { return }
        if callback == .viewWillAppear || callback == .viewWillDisappear, instance.key.ref.isUnlabelled { noteWill(callback, instance) }
        guard callback.isAppearance, instance.appearanceKnown,
              !instance.isDeallocated, let (problem, severity) = judge(callback, instance, context) else { return }
        let adjusted = warned.contains(instance.serial) && severity == .error ? Severity.warning : severity
        context.report("\(instance.key.ref) \(problem)", on: instance, at: event, severity: adjusted)
    }

    /// A controller on screen is told it disappears before it can be freed. One freed right after it appeared, with
    /// nothing else logged in between, had its view left in the window (added with addSubview and not retained).
    /// Only for classes that never log viewDidDisappear: where they do, `unfinished-transition` reports a controller
    /// freed on screen. A label without an address is judged only if it never disappeared (the freed object may be
    /// another one).
    private func checkDealloc(_ event: LifecycleEvent, _ instance: Instance, _ context: RuleContext) {
        guard instance.appearanceKnown, !instance.isDeallocated, !instance.key.ref.isUnlabelled, instance.appearance == .appeared,
              instance.lastAppearanceCallback == .viewDidAppear, context.previousEventLine == instance.lastLine,
              !context.classLogs(.viewDidDisappear, of: instance),
              !instance.key.ref.mayNameSeveralObjects || instance.willDisappear == nil else { return }
        context.report("\(instance.key.ref) deallocated right after viewDidAppear, with no viewWillDisappear/viewDidDisappear: "
                       + "its view was left on screen (added with addSubview and not kept?)",
                       on: instance, at: event, severity: .warning)
    }

    public mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if !warned.isEmpty { warned.remove(instance.serial) }
        if !willCameTwice.isEmpty { willCameTwice.remove(instance.serial) }
    }

    /// Notes whether a will-callback of the unlabelled controller repeats the last appearance callback (a
    /// deallocated instance's callback starts a new instance, which has no last one).
    private mutating func noteWill(_ callback: Callback, _ instance: Instance) {
        guard !instance.isDeallocated else { return }
        if callback == instance.lastAppearanceCallback { willCameTwice.insert(instance.serial) } else { willCameTwice.remove(instance.serial) }
    }

    /// The problem with `callback` in the instance's state, if any.
    private func judge(_ callback: Callback, _ instance: Instance, _ context: RuleContext) -> (String, Severity)? {
        if callback == instance.otherObjectsDid { return nil }
        if instance.key.ref.isUnlabelled { return judgeUnlabelled(callback, instance) }
        let state = instance.appearance
        switch callback {
        case .viewWillAppear:
            if state == .appeared { return ("viewWillAppear while already appeared (called by hand?)", .error) }
            if state == .appearing { return ("viewWillAppear while already appearing (appearance forwarded twice?)", .warning) }
        case .viewIsAppearing:
            if state != .appearing { return ("viewIsAppearing while \(state.rawValue), outside viewWillAppear…viewDidAppear", .error) }
        case .viewDidAppear:
            // A second viewDidAppear in a row is wrong even where the will-callbacks are not logged.
            guard state != .appearing, state == .appeared || context.classLogs(.viewWillAppear, of: instance) else { return nil }
            if state != .appeared, Self.mayBeSeveral(instance) { return nil }
            return (state == .appeared ? "viewDidAppear while already appeared (no viewWillAppear since line \(instance.willAppear?.line ?? instance.lastLine))"
                                       : "viewDidAppear without viewWillAppear (while \(state.rawValue))", .error)
        case .viewWillDisappear:
            guard state == .disappeared || state == .disappearing,
                  context.classLogs(.viewWillAppear, of: instance) || context.classLogs(.viewDidAppear, of: instance) else { return nil }
            // A new object of a label that never appeared: the disappearing one is the object before it.
            if state == .disappeared, !instance.everAppeared, Self.mayBeSeveral(instance) { return nil }
            return ("viewWillDisappear while already \(state.rawValue)", .warning)
        case .viewDidDisappear:
            guard state != .disappearing, state == .disappeared || context.classLogs(.viewWillDisappear, of: instance) else { return nil }
            if state == .disappeared, !context.classLogs(.viewWillDisappear, of: instance) {
                return ("viewDidDisappear while already disappeared (twice in a row)", .error)
            }
            if state != .disappeared, Self.mayBeSeveral(instance) { return nil }
            return ("viewDidDisappear without viewWillDisappear (while \(state.rawValue))", .error)
        default:
            return nil
        }
        return nil
    }

    /// A label without an address may name two objects of one class at once (`ControllerRef.mayNameSeveralObjects`):
    /// one disappearing while the other appears. A did-callback in the opposite direction to the last will-callback,
    /// or a new object's viewWillDisappear before it ever appeared, is then the other object's, not an error.
    private static func mayBeSeveral(_ instance: Instance) -> Bool { instance.key.ref.mayNameSeveralObjects }

    /// The unlabelled controller may be several controllers: one appearing while another disappears explains any
    /// other order. A did-callback twice in a row is wrong whoever logged it, unless its will-callback came twice
    /// too (a container and its child both logging).
    private func judgeUnlabelled(_ callback: Callback, _ instance: Instance) -> (String, Severity)? {
        guard callback == .viewDidAppear || callback == .viewDidDisappear, instance.lastAppearanceCallback == callback,
              !willCameTwice.contains(instance.serial) else { return nil }
        return ("\(callback.rawValue) twice in a row (line \(instance.lastLine) and here) with no appearance callback between", .error)
    }
}
