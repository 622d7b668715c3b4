/// Child containment out of order: `didMove` without the matching `willMove`, removal without
/// `willMove(toParent: nil)`, and a child view added without `addChild`.
public struct ContainmentOrderRule: Rule {
    public init() {}
    public static let checkedEvents: EventFilter = .callbacks(.didMove, .removeFromParent, .viewWillAppear, .viewDidDisappear,
                                                              .loadView, .viewDidLoad)

    /// Controllers that loaded without a parent inside a loading or appearing callback of another (their host),
    /// by the host's serial, until it disappears or ends.
    private var guests: [Int: [InstanceKey]] = [:]
    /// The line where each guest loaded inside its host, by its key and generation (a guest is looked up by key).
    private var hostLines: [GuestLife: Int] = [:]

    private struct GuestLife: Hashable {
        let key: InstanceKey
        let generation: Int
    }

    public static let description = RuleDescription(
        identifier: "containment-order",
        severity: .warning,
        summary: "willMove/didMove(toParent:) out of order, or a child view shown without addChild",
        explanation: """
        Adding a child is addChild(child) (which calls child.willMove(toParent: parent)), adding its view, then \
        child.didMove(toParent: parent) from app code. Removing is child.willMove(toParent: nil) from app \
        code, removing the view, then removeFromParent() (which calls didMove(toParent: nil)). So \
        didMove(toParent: P) needs a preceding willMove(toParent: P), removal needs willMove(toParent: nil), and a \
        willMove(toParent: P) needs its didMove, also when the parent is not logged but the child loads and \
        appears after its willMove. A controller that loads inside another one's viewDidLoad or \
        viewWillAppear without becoming its child, then gets no appearance callbacks while that one appears and \
        disappears, had its view added with addSubview but was never made a child: it misses rotation, \
        trait and appearance forwarding. Fix: follow the add and remove sequences exactly; call addChild before \
        adding a child's view. Only classes that log the callbacks involved are judged.
        """,
        triggeringExamples: [
            """
            ↓willMove(toParent:)
            - viewDidLoad()
            - viewWillAppear
            - viewDidAppear
            """,
            """
            <Shop.BadgeViewController: 0x7f05> willMove(toParent:) <Shop.ListViewController: 0x7f01>
            <Shop.BadgeViewController: 0x7f05> didMove(toParent:) <Shop.ListViewController: 0x7f01>
            <Shop.BadgeViewController: 0x7f03> viewDidLoad()
            ↓<Shop.BadgeViewController: 0x7f03> didMove(toParent:) <Shop.ListViewController: 0x7f01>
            <Shop.ChartViewController: 0x7f04> willMove(toParent:) <Shop.ListViewController: 0x7f01>
            <Shop.ChartViewController: 0x7f04> didMove(toParent:) <Shop.ListViewController: 0x7f01>
            ↓<Shop.ChartViewController: 0x7f04> didMove(toParent:) nil
            """,
            """
            2016-04-27 10:49:46.001 TestMe[67943:4951489] vc3 viewDidLoad
            ↓2016-04-27 10:49:46.002 TestMe[67943:4951489] vc4 viewDidLoad
            2016-04-27 10:49:46.003 TestMe[67943:4951489] vc3 viewWillAppear
            2016-04-27 10:49:46.004 TestMe[67943:4951489] vc3 viewDidAppear
            2016-04-27 10:49:50.001 TestMe[67943:4951489] vc3 viewWillDisappear
            2016-04-27 10:49:50.002 TestMe[67943:4951489] vc3 viewDidDisappear
            """,
            """
            ↓<Shop.BadgeViewController: 0x7f03> willMove(toParent:) <Shop.ListViewController: 0x7f01>
            <Shop.BadgeViewController: 0x7f03> viewDidLoad()
            <Shop.BadgeViewController: 0x7f05> willMove(toParent:) <Shop.ListViewController: 0x7f01>
            <Shop.BadgeViewController: 0x7f05> didMove(toParent:) <Shop.ListViewController: 0x7f01>
            """,
        ],
        nonTriggeringExamples: [
            """
            <Shop.BadgeViewController: 0x7fa1c8e01a00> willMove(toParent:) <Shop.ListViewController: 0x7fa1c8d09e00>
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidLoad()
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillAppear(_:)
            <Shop.BadgeViewController: 0x7fa1c8e01a00> didMove(toParent:) <Shop.ListViewController: 0x7fa1c8d09e00>
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidAppear(_:)
            <Shop.BadgeViewController: 0x7fa1c8e01a00> willMove(toParent:) nil
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewWillDisappear(_:)
            <Shop.BadgeViewController: 0x7fa1c8e01a00> viewDidDisappear(_:)
            <Shop.BadgeViewController: 0x7fa1c8e01a00> didMove(toParent:) nil
            """,
            """
            <Shop.BadgeViewController: 0x7f05> willMove toParent=<Shop.ListViewController: 0x7f01>
            <Shop.BadgeViewController: 0x7f05> didMove toParent=<Shop.ListViewController: 0x7f01>
            <Shop.BadgeViewController: 0x7f05> willMove toParent=nil
            <Shop.BadgeViewController: 0x7f05> removeFromParent
            <Shop.BadgeViewController: 0x7f05> didMove toParent=nil
            """,
            """
            2016-04-27 10:49:46.001 TestMe[67943:4951489] vc3 viewDidLoad
            2016-04-27 10:49:46.002 TestMe[67943:4951489] vc4 viewDidLoad
            2016-04-27 10:49:46.003 TestMe[67943:4951489] vc3 viewWillAppear
            2016-04-27 10:49:46.004 TestMe[67943:4951489] vc4 viewWillAppear
            2016-04-27 10:49:46.005 TestMe[67943:4951489] vc3 viewDidAppear
            2016-04-27 10:49:46.006 TestMe[67943:4951489] vc4 viewDidAppear
            2016-04-27 10:49:50.001 TestMe[67943:4951489] vc3 viewWillDisappear
            2016-04-27 10:49:50.002 TestMe[67943:4951489] vc3 viewDidDisappear
            """,
        ],
        fix: RuleFix(
            swift: """
                // Adding a child
                addChild(child)
                view.addSubview(child.view)
                child.didMove(toParent: self)

                // Removing it
                child.willMove(toParent: nil)
                child.view.removeFromSuperview()
                child.removeFromParent()
                """,
            objectiveC: """
                // Adding a child
                [self addChildViewController:child];
                [self.view addSubview:child.view];
                [child didMoveToParentViewController:self];

                // Removing it
                [child willMoveToParentViewController:nil];
                [child.view removeFromSuperview];
                [child removeFromParentViewController];
                """))

    public mutating func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard let callback = event.kind.callback else { return }
        if callback == .loadView || callback == .viewDidLoad {
            noteGuest(event, instance, context)
            return
        }
        guard !instance.isDeallocated else { return }
        let ref = instance.key.ref
        switch callback {
        case .didMove:
            guard context.classLogs(.willMove, of: instance) else { return }
            checkDidMove(event, instance, context)
        case .removeFromParent:
            guard context.classLogs(.willMove, of: instance), !isRemovalAnnounced(instance) else { return }
            context.report("\(ref) removeFromParent without willMove(toParent: nil) first", on: instance, at: event)
        case .viewWillAppear where instance.pendingMove?.argument == .noParent:
            context.report("\(ref) willMove(toParent: nil) at line \(instance.pendingMove!.line) was followed by a new appearance, not didMove(toParent: nil) (an interactive pop turned back?)",
                           on: instance, at: event, severity: .info)
        case .viewDidDisappear:
            reportGuestsWithoutAppearance(of: instance, context)
            if !guests.isEmpty { guests[instance.serial] = nil }
        default:
            break
        }
    }

    /// At the end of the trace the guests' lines are kept: a host judged later may still name them.
    public mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if atEnd { judgeAtEnd(instance, context) }
        if !guests.isEmpty { guests[instance.serial] = nil }
        if !atEnd, !hostLines.isEmpty { hostLines[GuestLife(key: instance.key, generation: instance.generation)] = nil }
    }

    /// A controller that loads with no parent while another one on its thread is loading or appearing is that one's
    /// guest. A load after a dealloc is the next object's at that key (the next generation).
    private mutating func noteGuest(_ event: LifecycleEvent, _ guest: Instance, _ context: RuleContext) {
        guard let hostKey = context.callbackHost, hostKey != guest.key,
              guest.isDeallocated || (!guest.isLoaded && guest.parent == nil && guest.pendingMove == nil),
              let host = context.instance(hostKey) else { return }
        hostLines[GuestLife(key: guest.key, generation: guest.generation + (guest.isDeallocated ? 1 : 0))] = event.line
        guests[host.serial, default: []].append(guest.key)
    }

    private func judgeAtEnd(_ instance: Instance, _ context: RuleContext) {
        // A willMove before the view ever loaded is an add; the child loading and appearing after it shows the add went on.
        let addedAndShown = instance.pendingMove.map { pending in instance.viewDidLoadLine.map { $0 > pending.line } ?? false } == true
            && instance.everAppeared
        if let pending = instance.pendingMove, case .controller(let parent)? = pending.argument,
           context.classLogs(.didMove, of: instance) || addedAndShown {
            context.report("\(instance.key.ref) willMove(toParent: \(parent)) never followed by didMove(toParent:) (did the app forget to call it after adding the view?)",
                           on: instance, line: pending.line, event: .callback(.willMove))
        } else if let pending = instance.pendingMove, pending.argument == nil, addedAndShown {
            context.report("\(instance.key.ref) willMove(toParent:) at line \(pending.line) never followed by didMove(toParent:), though the controller loaded and appeared (did the container forget to call didMove after adding the view?)",
                           on: instance, line: pending.line, event: .callback(.willMove))
        }
        if instance.appearance != .disappeared { reportGuestsWithoutAppearance(of: instance, context) }
    }

    private func checkDidMove(_ event: LifecycleEvent, _ instance: Instance, _ context: RuleContext) {
        let ref = instance.key.ref
        switch event.argument {
        case .noParent?:
            // removeFromParent() calls didMove(toParent: nil) itself: that removal was already judged.
            guard !isRemovalAnnounced(instance), !instance.didMoveToNil else { return }
            context.report("\(ref) didMove(toParent: nil) without willMove(toParent: nil): removed from its parent without announcing it",
                           on: instance, at: event)
        case .controller(let parent)?:
            guard let pending = instance.pendingMove else {
                context.report("\(ref) didMove(toParent: \(parent)) without willMove(toParent: \(parent)): was addChild skipped?",
                               on: instance, at: event)
                return
            }
            if case .controller(let announced)? = pending.argument, announced != parent {
                context.report("\(ref) didMove(toParent: \(parent)) after willMove(toParent: \(announced)) at line \(pending.line)",
                               on: instance, at: event)
            } else if pending.argument == .noParent {
                context.report("\(ref) didMove(toParent: \(parent)) after willMove(toParent: nil) at line \(pending.line)",
                               on: instance, at: event)
            }
        case nil:
            break
        }
    }

    private func isRemovalAnnounced(_ instance: Instance) -> Bool {
        guard let pending = instance.pendingMove else { return false }
        return pending.argument == .noParent || pending.argument == nil
    }

    /// Guests that loaded inside `host`'s callbacks without a parent and never appeared while it was on screen.
    private func reportGuestsWithoutAppearance(of host: Instance, _ context: RuleContext) {
        guard host.everAppeared || host.appearance == .appeared else { return }
        for key in guests[host.serial] ?? [] {
            guard let guest = context.instance(key), guest.parent == nil, guest.willAppear == nil, !guest.everAppeared,
                  context.classLogs(.viewWillAppear, of: guest) || context.classLogs(.viewDidAppear, of: guest),
                  let line = hostLines[GuestLife(key: key, generation: guest.generation)] else { continue }
            context.report("\(guest.key.ref) loaded inside \(host.key.ref) at line \(line) but got no appearance callbacks while it appeared: view added without addChild?",
                           on: guest, line: line, event: .callback(.viewDidLoad))
        }
    }
}
