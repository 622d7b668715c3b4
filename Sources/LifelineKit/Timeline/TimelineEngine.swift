/// Builds every controller instance's timeline from a stream of events, in trace order, and runs the rules on
/// it. Memory is proportional to live controllers: deallocated instances shrink to tombstones, which are capped.
public final class TimelineEngine {
    public let rules: [any Rule]
    let context: RuleContext
    private let instances = InstanceTable()
    private var tombstones = TombstoneStore(capacity: 100_000)
    private var openBodies = OpenBodies()
    /// Per kind of event (`EventKind.filterSlot`): the rules whose `check` judges it.
    private let checkers: [[Int]]
    /// The rules that judge callback bodies.
    private let bodyJudges: [Int]
    /// Instances removed from their parent and not yet deallocated (kept only for streaming leak checks).
    private var awaitingDealloc: Set<InstanceKey> = []
    private var ignoredClasses: ClassFilter
    private var yearlessClock = YearlessClock()
    private var nextSerial = 1
    /// Every instance created so far (the controller count of `--stats`).
    public private(set) var instanceCount = 0
    /// Observer lines with no controller and no open callback to belong to.
    public private(set) var unattributedEvents = 0
    /// Events of ignored classes.
    public private(set) var ignoredEvents = 0
    /// Called with each instance once it is final (deallocated, or alive at the end): reports use it.
    public var onInstanceFinished: ((Instance) -> Void)?
    /// Called with every event after it is placed on its instance: reports use it.
    public var onEvent: ((LifecycleEvent, Instance) -> Void)?
    /// `onEvent` keeps nothing of an event past the call but what it copies (`LifecycleEvent.withTextBytes`), so
    /// the in-order stage may lend it the line's bytes instead of making its text a `String`.
    var onEventCopiesText = false

    public init(rules: [any Rule], settings: RuleSettings, ignoredClasses: [String] = [], emit: @escaping (Finding) -> Void) {
        self.rules = rules
        self.checkers = EventKind.filterSlotSamples.map { kind in rules.indices.filter { type(of: rules[$0]).checkedEvents.matches(kind) } }
        self.bodyJudges = rules.indices.filter { type(of: rules[$0]).judgesBodies }
        self.ignoredClasses = ClassFilter(patterns: ignoredClasses)
        var lookup: ((InstanceKey) -> Instance?)?
        self.context = RuleContext(settings: settings, rules: rules, lookup: { lookup?($0) }, emit: emit)
        lookup = { [unowned self] key in self.instances[key] }
    }

    // MARK: Input

    /// Notes the time of any line (events or not), so time-based rules see the trace's clock move.
    public func observeTime(_ time: TraceTime) {
        context.hasTimestamps = true
        yearlessClock.observeDated(time)
        advance(to: time)
    }

    /// Places one event on its instance's timeline and judges it.
    public func consume(_ event: LifecycleEvent) {
        var event = event
        consume(&event)
    }

    /// The same, for the in-order stage: the event's device-syslog time is resolved in place, and the event is
    /// lent to the rules rather than copied.
    func consume(_ event: inout LifecycleEvent) {
        if let yearless = event.yearless {
            event.time = yearlessClock.time(month: yearless.month, day: yearless.day, secondOfDay: yearless.secondOfDay)
            event.yearless = nil
            if let time = event.time { observe(time) }
        } else if let time = event.time {
            yearlessClock.observeDated(time)
            observe(time)
        }
        place(event)
    }

    private func observe(_ time: TraceTime) {
        context.hasTimestamps = true
        advance(to: time)
    }

    private func place(_ event: LifecycleEvent) {
        let thread = openBodies.slot(of: OpenBodies.ThreadKey(process: event.process, thread: event.thread))
        guard let ref = event.controller ?? openBodies.instance(thread)?.ref else {
            unattributedEvents += 1
            return
        }
        if ignoredClasses.matches(ref.name) {
            ignoredEvents += 1
            return
        }
        let key = InstanceKey(process: event.process, ref: ref)
        var enclosing = Enclosing.none
        if let callback = event.kind.callback {
            if callback == .viewDidLoad || callback == .loadView, let host = openBodies.host(thread) { enclosing = .other(host: host) }
            closeBody(on: thread)
        } else if openBodies.isOpen(thread, for: key) {
            enclosing = .own(openBodies.callback(thread))
        }

        let slot: Int
        if let live = instances.slot(of: key) {
            if event.kind.callback?.beginsLife == true {  // only these can tell a new object at a reused address
                instances.update(live) { existing in
                    guard startsNewInstance(existing, event) else { return }
                    onInstanceFinished?(existing)  // replaced by a new object at the same address
                    existing = makeInstance(key, generation: existing.generation + 1)
                }
            }
            slot = live
        } else if var dead = tombstones.remove(key) {
            // The unlabelled controller may be several objects: after its dealloc, any callback is the next one's.
            if event.kind.callback?.beginsLife == true || (ref.isUnlabelled && event.kind.callback != nil) {
                slot = instances.insert(makeInstance(key, generation: dead.generation + 1))
            } else {
                // Deallocated: rules see it as it died.
                if judgeAndApply(event, on: &dead, key, thread, enclosing) {
                    instances.insert(dead)  // reborn: something is alive at this address again
                } else {
                    tombstones.insert(consume dead)  // still dead (a second dealloc, an observer line): it stays finished
                }
                return
            }
        } else {
            slot = instances.insert(makeInstance(key, generation: 1))
        }
        instances.update(slot) { judgeAndApply(event, on: &$0, key, thread, enclosing) }
    }

    /// The callback body open on an event's thread, as far as the event's instance cares.
    private enum Enclosing {
        case none
        /// The instance's own body, of this callback (nil: an observer line outside callbacks).
        case own(Callback?)
        /// Another instance's body, which a loading controller may be a guest of (§5.5).
        case other(host: InstanceKey)

        var scope: Callback? {
            if case .own(let callback) = self { return callback }
            return nil
        }
    }

    /// Runs the rules on `event` (the instance as it was before it), then moves the instance to the state the
    /// event implies. Returns whether a deallocated instance was replaced by a new one.
    @discardableResult
    private func judgeAndApply(_ event: LifecycleEvent, on instance: inout Instance, _ key: InstanceKey, _ thread: Int,
                               _ enclosing: Enclosing) -> Bool {
        for index in checkers[event.kind.filterSlot] {
            context.currentRuleIndex = index
            rules[index].check(event, on: instance, in: context)
        }
        var reborn = false
        if instance.isDeallocated, let callback = event.kind.callback, callback != .dealloc {
            instance = makeInstance(key, generation: instance.generation + 1)  // resynchronise
            reborn = true
        }
        if case .other(let host) = enclosing { recordGuest(event, &instance, host) }
        instance.apply(event, scope: enclosing.scope)
        if let callback = event.kind.callback {
            if !instance.loggedCallbacks.contains(callback) {  // the class profile already has what the instance logged
                instance.loggedCallbacks.insert(callback)
                context.recordLogged(callback, profile: instance.profile)
            }
            openBodies.open(thread, callback: callback, line: event.line, instance: key)
        } else if event.kind.isObserver, case .own = enclosing {
            openBodies.touch(thread, event.kind)
        } else if event.kind.isObserver {
            var body = CallbackBody(callback: nil, line: event.line, instance: key, touchedObservers: [event.kind.observerName ?? ""])
            if case .observerRemoved(let name) = event.kind { body.removedObservers = [name] }
            judge(body, &instance)  // an observer line naming its controller outside its callbacks
        }
        if context.settings.reportLeaksEagerly {
            if instance.removal != nil && !instance.isDeallocated { awaitingDealloc.insert(key) } else { awaitingDealloc.remove(key) }
        }
        onEvent?(event, instance)
        return reborn
    }

    /// Ends the trace: closes open callback bodies and runs end-of-trace checks on every live instance.
    public func finish() {
        for thread in openBodies.openSlots { closeBody(on: thread) }
        for instance in instances.all {
            run { $0.endOfTrace(instance, in: context) }
            onInstanceFinished?(instance)
        }
        instances.removeAll()
        awaitingDealloc.removeAll()
    }

    // MARK: Instances

    /// Address reuse (§6.4): an `init` after the instance got going, or a second load when the class logs
    /// neither init nor dealloc (nothing else could tell two objects at one address apart).
    private func startsNewInstance(_ instance: Instance, _ event: LifecycleEvent) -> Bool {
        guard let callback = event.kind.callback else { return false }
        if callback == .`init` {
            // `initWithCoder:` then `awakeFromNib` is one init; an init after anything else is a new object.
            return instance.isLoaded || instance.firstAppearanceOrLayout != nil || instance.parent != nil || instance.pendingMove != nil
        }
        // A load after the view appeared or laid out is a new object; a load again before that (`loadView`,
        // `viewDidLoad`, `loadView`, …) is the same object loading twice, which `load-once` reports.
        guard callback == .loadView || callback == .viewDidLoad else { return false }
        // The unlabelled controller's next load is taken as another controller's, whatever the stream logs.
        guard instance.firstAppearanceOrLayout != nil else { return false }
        return instance.key.ref.isUnlabelled || (!context.classLogs(.`init`, of: instance) && !context.classLogs(.dealloc, of: instance))
    }

    private func makeInstance(_ key: InstanceKey, generation: Int) -> Instance {
        defer { nextSerial += 1; instanceCount += 1 }
        return Instance(serial: nextSerial, key: key, generation: generation, profile: context.profile(for: key.ref))
    }

    /// A controller that loads with no parent while another one on its thread is loading or appearing (§5.5).
    private func recordGuest(_ event: LifecycleEvent, _ instance: inout Instance, _ host: InstanceKey) {
        guard !instance.isLoaded, instance.parent == nil, instance.pendingMove == nil, host != instance.key,
              instances.contains(host) else { return }
        instance.host = host
        instance.hostLine = event.line
        let guest = instance.key
        instances.modify(host) { $0.guests.append(guest) }
    }

    // MARK: Callback bodies

    private func closeBody(on thread: Int) {
        // Most bodies hold nothing but their callback's line: only observer lines, the end of a disappearance (guests,
        // observers) and a dealloc (tombstone) need the instance.
        guard let (callback, touchedObservers) = openBodies.close(thread),
              touchedObservers || callback == .viewDidDisappear || callback == .dealloc else { return }
        let body = openBodies.lastBody(thread)
        guard let slot = instances.slot(of: body.instance) else { return }
        let deallocated = instances.update(slot) { instance in
            judge(body, &instance)
            if body.callback == .viewDidDisappear { instance.forgetGuests() }
            return instance.isDeallocated
        }
        guard deallocated else { return }
        awaitingDealloc.remove(body.instance)
        let dead = instances.remove(slot)
        onInstanceFinished?(dead)
        tombstones.insert(consume dead)
    }

    /// Runs the rules on what a callback body did, then settles the observer counts they judged. Bodies are about
    /// observers: an instance that never had any has nothing to judge.
    private func judge(_ body: CallbackBody, _ instance: inout Instance) {
        guard !instance.observers.isEmpty else { return }
        for index in bodyJudges {
            context.currentRuleIndex = index
            rules[index].bodyClosed(body, on: instance, in: context)
        }
        instance.settleObservers(after: body)
    }

    // MARK: Time

    private func advance(to time: TraceTime) {
        if let now = context.now, now >= time { return }
        context.now = time
        guard context.settings.reportLeaksEagerly, !awaitingDealloc.isEmpty else { return }
        for key in awaitingDealloc.sorted(by: { (instances[$0]?.serial ?? 0) < (instances[$1]?.serial ?? 0) }) {
            guard let instance = instances[key], !instance.leakReported else { continue }
            run { $0.timeAdvanced(to: time, on: instance, in: context) }
            if let removal = instance.removal?.time, time.seconds(since: removal) > context.settings.leakTimeout {
                instances.modify(key) { $0.leakReported = true }
            }
        }
    }

    private func run(_ body: (any Rule) -> Void) {
        for index in rules.indices {
            context.currentRuleIndex = index
            body(rules[index])
        }
    }
}

extension EventKind {
    var observerName: String? {
        switch self {
        case .observerAdded(let name), .observerRemoved(let name): return name
        default: return nil
        }
    }
}
