/// A controller removed from its parent that is not deallocated within the leak timeout.
public struct NotDeallocatedRule: Rule {
    public init() {}
    /// Deallocs; when streaming, the clock, and the instance after the callbacks that start or stop the leak clock
    /// (`Instance.removal`).
    public static let checkedEvents = EventFilter(callbacks: CallbackSet([.dealloc]), moments: .clock,
                                                  afterCallbacks: CallbackSet([.viewDidAppear, .viewDidDisappear, .didMove, .removeFromParent, .dealloc]))

    /// Streaming only (`RuleSettings.reportLeaksEagerly`): instances removed with a time and not yet deallocated
    /// or past the timeout, by serial.
    private var waiting: [Int: InstanceKey] = [:]
    /// Streaming only: instances past the timeout whose class had logged no dealloc yet, by class profile, then
    /// serial. The class's first dealloc reports them, as the end of the trace would when reading a file.
    private var overdue: [Int: [Int: InstanceKey]] = [:]

    public static let description = RuleDescription(
        identifier: "not-deallocated",
        severity: .warning,
        summary: "a removed controller is not deallocated within --leak-timeout seconds (default 3)",
        explanation: """
        A controller removed from its parent (didMove(toParent: nil), as navigation controllers do on pop, or \
        removeFromParent) and off screen should be freed soon after. If it logs no deinit/dealloc \
        within the leak timeout of trace time (3 s, MLeaksFinder's grace period), something still holds it: \
        a closure capturing self strongly, a timer, a delegate that is not weak, a cache, or an observer. If it \
        deallocates later, the delay is reported instead ("deallocated 41.2 s after removal"): late frees are often \
        autorelease pools or work still running. Only classes that log deinit/dealloc somewhere in the trace are \
        judged; without timestamps, "within the timeout" means "by the end of the trace". Fix: use [weak self] \
        in escaping closures, invalidate timers in viewDidDisappear, make delegates weak.
        """,
        triggeringExamples: [
            """
            2016-04-27 10:51:09.000 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> willMove(toParent:) nil
            2016-04-27 10:51:09.001 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> viewWillDisappear(_:)
            2016-04-27 10:51:09.002 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> viewDidDisappear(_:)
            ↓2016-04-27 10:51:09.003 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> didMove(toParent:) nil
            2016-04-27 10:51:20.000 Shop[4089:361037] <Shop.BadgeViewController: 0x7f04> deinit
            """,
            """
            2016-04-27 10:51:09.000 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> willMove(toParent:) nil
            2016-04-27 10:51:09.002 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> viewDidDisappear(_:)
            2016-04-27 10:51:09.003 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> didMove(toParent:) nil
            ↓2016-04-27 10:51:50.203 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> deinit
            """,
        ],
        nonTriggeringExamples: [
            """
            2016-04-27 10:51:09.000 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> willMove(toParent:) nil
            2016-04-27 10:51:09.002 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> viewDidDisappear(_:)
            2016-04-27 10:51:09.003 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> didMove(toParent:) nil
            2016-04-27 10:51:09.020 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> deinit
            """,
            """
            2016-04-27 10:51:09.000 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> willMove(toParent:) nil
            2016-04-27 10:51:09.003 Shop[4089:361037] <Shop.BadgeViewController: 0x7f03> didMove(toParent:) nil
            2016-04-27 10:51:20.000 Shop[4089:361037] <Shop.ListViewController: 0x7f01> viewDidAppear(_:)
            """,
        ],
        fix: RuleFix(
            swift: """
                weak var delegate: CartViewControllerDelegate?  // not a strong reference

                override func viewDidLoad() {
                    super.viewDidLoad()
                    cart.onChange = { [weak self] in self?.tableView.reloadData() }
                }

                override func viewDidDisappear(_ animated: Bool) {
                    super.viewDidDisappear(animated)
                    refreshTimer?.invalidate()
                }
                """,
            objectiveC: """
                @property (nonatomic, weak) id<CartViewControllerDelegate> delegate;  // not strong

                - (void)viewDidLoad {
                    [super viewDidLoad];
                    __weak typeof(self) weakSelf = self;
                    self.cart.onChange = ^{ [weakSelf.tableView reloadData]; };
                }

                - (void)viewDidDisappear:(BOOL)animated {
                    [super viewDidDisappear:animated];
                    [self.refreshTimer invalidate];
                }
                """))

    public func check(_ event: LifecycleEvent, on instance: Instance, in context: RuleContext) {
        guard event.kind.callback == .dealloc, !instance.isDeallocated, let removal = instance.removal,
              let removedAt = removal.time, let freedAt = event.time else { return }
        let delay = freedAt.seconds(since: removedAt)
        guard delay > context.settings.leakTimeout else { return }
        context.report("\(instance.key.ref) deallocated \(Format.seconds(delay)) after removal at line \(removal.line) (timeout \(Format.seconds(context.settings.leakTimeout)))",
                       on: instance, at: event)
    }

    /// Streaming only: the instance after a callback that starts or stops its leak clock.
    public mutating func check(_ moment: InstanceMoment, on instance: Instance, in context: RuleContext) {
        guard context.settings.reportLeaksEagerly else { return context.ignoreFromNowOn() }
        guard case .after(let event) = moment else { return }
        overdue[instance.profile]?[instance.serial] = nil
        if event.kind.callback == .dealloc, let waitingForDealloc = overdue.removeValue(forKey: instance.profile) {
            reportOverdue(waitingForDealloc, context)
        }
        if instance.removal?.time != nil, !instance.isDeallocated {
            waiting[instance.serial] = instance.key
        } else {
            waiting[instance.serial] = nil
        }
    }

    /// Streaming: each instance still waiting when the timeout has passed is judged then, and never again.
    public mutating func check(_ moment: TraceMoment, in context: RuleContext) {
        guard context.settings.reportLeaksEagerly else { return context.ignoreFromNowOn() }
        guard case .clock(let now) = moment, !waiting.isEmpty else { return }
        for (serial, key) in waiting.sorted(by: { $0.key < $1.key }) {
            guard let instance = context.instance(key), instance.serial == serial, let removal = instance.removal,
                  let removedAt = removal.time else {
                waiting[serial] = nil
                continue
            }
            guard now.seconds(since: removedAt) > context.settings.leakTimeout else { continue }
            waiting[serial] = nil
            if context.classLogs(.dealloc, of: instance) {
                reportLeak(instance, removal, context)
            } else {
                overdue[instance.profile, default: [:]][serial] = key
            }
        }
    }

    /// Reports the instances of a class that just logged its first dealloc and were past the timeout before it.
    private func reportOverdue(_ instances: [Int: InstanceKey], _ context: RuleContext) {
        for (serial, key) in instances.sorted(by: { $0.key < $1.key }) {
            guard let instance = context.instance(key), instance.serial == serial, !instance.isDeallocated,
                  let removal = instance.removal else { continue }
            reportLeak(instance, removal, context)
        }
    }

    private func judgeAtEnd(_ instance: Instance, _ context: RuleContext) {
        guard let removal = instance.removal, context.classLogs(.dealloc, of: instance) else { return }
        if let removedAt = removal.time, context.hasTimestamps {
            guard let end = context.now, end.seconds(since: removedAt) > context.settings.leakTimeout else { return }
            // Streaming judged it when the timeout passed, unless the clock never moved after its removal (it
            // was already later: a clock that went back).
            if context.settings.reportLeaksEagerly, waiting[instance.serial] == nil { return }
        }
        reportLeak(instance, removal, context)
    }

    /// Both tables are empty unless streaming: removing from an empty one still hashed the key (1,000 instructions
    /// an instance, for every instance of a trace).
    public mutating func finish(_ instance: Instance, atEnd: Bool, in context: RuleContext) {
        if atEnd { judgeAtEnd(instance, context) }
        if !waiting.isEmpty { waiting[instance.serial] = nil }
        if !overdue.isEmpty { overdue[instance.profile]?[instance.serial] = nil }
    }

    private func reportLeak(_ instance: Instance, _ removal: Mark, _ context: RuleContext) {
        let what: String
        switch removal.callback {
        case .viewDidDisappear?: what = "viewDidDisappear after didMove(toParent: nil)"
        case .removeFromParent?: what = "removeFromParent()"
        default: what = "didMove(toParent: nil)"
        }
        let timeout = Format.seconds(context.settings.leakTimeout)
        context.report("\(instance.key.ref) not deallocated \(timeout) after removal by \(what): possible leak",
                       on: instance, line: removal.line, event: .callback(.dealloc))
    }
}
