/// Checks a trace's events against the rules as they stream by: a `TimelineTracker` builds each controller
/// instance's timeline, and the rules judge it at every step. Memory follows the instances that are doing
/// something (see `TimelineTracker`), whatever the length of the trace.
public final class RuleEngine {
    /// One exclusive access per call; within it the tracker and the rules take turns on the timeline.
    private var tracker: TimelineTracker<RuleRunner>

    public convenience init(rules: [any Rule], settings: RuleSettings, ignoredClasses: [String] = [], emit: @escaping (Finding) -> Void) {
        self.init(rules: rules, settings: settings, ignoredClasses: ignoredClasses, firstSweep: 256, emit: emit)
    }

    /// `firstSweep`: how many instances in full form make the tracker first look for instances at rest.
    init(rules: [any Rule], settings: RuleSettings, ignoredClasses: [String], firstSweep: Int, emit: @escaping (Finding) -> Void) {
        let context = RuleContext(settings: settings, rules: rules, emit: emit)
        tracker = TimelineTracker(judge: RuleRunner(rules: rules, context: context), ignoredClasses: ignoredClasses, firstSweep: firstSweep)
    }

    /// Notes the time of any line (events or not), so time-based rules see the trace's clock move.
    public func observeTime(_ time: TraceTime) { tracker.observe(time) }

    /// Places one event on its instance's timeline and judges it.
    public func consume(_ event: LifecycleEvent) {
        var event = event
        tracker.consume(&event)
    }

    /// Lends the tracker to `body` for a run of events (the in-order stage feeds it a piece at a time): one
    /// exclusive access to this object's state for the run, where each call of `consume` is one, checked at run
    /// time (7 M instructions on a 20 MB trace). `body` must not call the engine's other methods meanwhile.
    func feed(_ body: (inout TimelineTracker<RuleRunner>) -> Void) { body(&tracker) }

    /// Keeps the evidence of lines lent from chunks of a file as offsets, and reads it back from `file` when quoted.
    func rereadEvidence(from file: any LineRereader) { tracker.rereadEvidence(from: file) }

    /// Ends the trace: closes open callback bodies and runs end-of-trace checks on every live instance.
    public func finish() { tracker.finish(buildingAhead: finishesOnTwoThreads) }

    /// Whether the end of the trace may use a second thread (`IdleBatches`): set when the analysis may use two.
    var finishesOnTwoThreads = false

    /// Every instance created so far (the controller count of `--stats`).
    public var instanceCount: Int { tracker.instanceCount }
    /// Observer lines with no controller and no open callback to belong to.
    public var unattributedEvents: Int { tracker.unattributedEvents }
    /// Events of ignored classes.
    public var ignoredEvents: Int { tracker.ignoredEvents }
    /// Callback lines that were a second print of one delivery (`PrintSite`), not events of their own.
    public var repeatedDeliveryLines: Int { tracker.repeatedDeliveryLines }
    /// Called with each of them and the line of the delivery's first print (`lifeline events` says so).
    var onRepeatedDelivery: ((LifecycleEvent, Int) -> Void)? {
        get { tracker.onRepeatedDelivery }
        set { tracker.onRepeatedDelivery = newValue }
    }
    /// App events with no controller named and no callback running on their thread.
    public var unattachedAppEvents: Int { tracker.unattachedAppEvents }

    /// Bytes the engine holds per instance kept at rest (its compact record and index entry), averaged.
    public var retainedBytesPerIdleInstance: Double { tracker.retainedBytesPerIdleInstance }
    /// Instances held in full form and in compact form right now.
    public var instanceCounts: (full: Int, compact: Int) { tracker.instanceCounts }

    /// Called with each instance once it is final (deallocated, replaced, or alive at the end): reports use it.
    public var onInstanceFinished: ((Instance) -> Void)? {
        get { tracker.judge.onInstanceFinished }
        set { tracker.updateJudge { $0.onInstanceFinished = newValue } }
    }

    /// Called with every event after it is placed on its instance, and its line: reports use it.
    public var onEvent: ((LifecycleEvent, Instance, String) -> Void)? {
        didSet { updateEventHook() }
    }

    /// The same, with the line's bytes, for observers that copy what they keep.
    var onLentEvent: ((LifecycleEvent, Instance, Bytes) -> Void)? {
        didSet { updateEventHook() }
    }

    private func updateEventHook() {
        if let onEvent {
            tracker.onEvent = { event, instance, line in onEvent(event, instance, line.string) }
        } else if let onLentEvent {
            tracker.onEvent = { event, instance, line in onLentEvent(event, instance, line.bytes) }
        } else {
            tracker.onEvent = nil
        }
    }
}

/// Runs the rules at each point the tracker offers, each only where its filter says it judges something, and
/// no longer where a rule said a call does nothing for it (`RuleContext.ignoreFromNowOn()`).
struct RuleRunner: TimelineJudge {
    /// The built-in rules; a custom rule's entry is a copy never called (`customRules` runs it, at `customPlaces`).
    private var rules: [any Rule]
    private var customRules = CustomRuleStore()
    private let customPlaces: [CustomRuleStore.Place?]
    /// Handed to each rule call, with the rule being run, the lent line and the lent timeline set in it.
    let context: RuleContext
    /// Per kind of event (`EventKind.slot`): the rules whose `check` judges it (`checkerList[checkerStart[slot]…]`,
    /// one flat list read in place: a list per kind was retained and released around every event).
    private let checkerList: [Checker]
    private let checkerStart: [Int]
    /// For app events, by name: the rules whose `check` judges them (`EventFilter.appEventNames`); other names go to
    /// the rules that take every app event. A list: configurations name a few events, and a name compares faster
    /// than it hashes.
    private let appCheckers: [(name: String, rules: [Checker])]
    private let everyAppChecker: [Checker]
    /// Per kind of event: the rules that see the instance after it (`EventFilter.afterCallbacks`).
    private var afterWatchers: [[Int]]
    /// The rules that judge callback bodies and the clock (`EventFilter.moments`), and those that implement
    /// `finish` and the end of the trace (all, until each says it does not).
    private var bodyJudges: [Int]
    private var clockWatchers: [Int]
    private var finishers: [Int]
    private var enders: [Int]
    var onInstanceFinished: ((Instance) -> Void)?

    init(rules: [any Rule], context: RuleContext) {
        self.rules = rules
        self.context = context
        var customRules = CustomRuleStore()
        customPlaces = rules.map { customRules.take($0) }
        self.customRules = customRules
        let filters = rules.map(\.eventFilter)
        let checkers = EventKind.slotSamples.map { kind in
            if case .appEvent = kind { return filters.indices.filter { filters[$0].appEvents } }  // any name
            return filters.indices.filter { filters[$0].matches(kind) }
        }
        let places = customPlaces
        func checker(_ index: Int) -> Checker { places[index].map { .custom(index, $0) } ?? .builtIn(index) }
        checkerList = checkers.flatMap { $0.map(checker) }
        checkerStart = checkers.reduce(into: [0]) { starts, rules in starts.append(starts.last! + rules.count) }
        let named = Set(filters.flatMap { $0.appEventNames ?? [] })
        appCheckers = named.sorted().map { name in (name, filters.indices.filter { filters[$0].matches(.appEvent(AppEvent(name: name))) }.map(checker)) }
        everyAppChecker = filters.indices.filter { filters[$0].appEvents && filters[$0].appEventNames == nil }.map(checker)
        afterWatchers = EventKind.slotSamples.map { kind in
            filters.indices.filter { kind.callback.map(filters[$0].afterCallbacks.contains) == true }
        }
        bodyJudges = filters.indices.filter { filters[$0].moments.contains(.bodies) }
        clockWatchers = filters.indices.filter { filters[$0].moments.contains(.clock) }
        finishers = Array(rules.indices)
        enders = Array(rules.indices)
        for index in afterWatchers.joined() + bodyJudges + clockWatchers {
            precondition(customPlaces[index] == nil, "custom rules are only checked, finished and told the trace ended")
        }
    }

    var interest: JudgeInterest {
        JudgeInterest(judged: checkerStart.indices.dropLast().filter { checkerStart[$0] < checkerStart[$0 + 1] },
                      watchedApplied: afterWatchers.indices.filter { !afterWatchers[$0].isEmpty }, watchesTime: !clockWatchers.isEmpty)
    }

    mutating func judge(_ event: LifecycleEvent, line: EventLine, on instance: Instance, _ timeline: TimelineLoan) {
        if case .appEvent(let app) = event.kind {
            let judging = appCheckers.first { $0.name == app.name }?.rules ?? everyAppChecker
            guard !judging.isEmpty else { return }
            lend(line, timeline) { runner in
                for checker in judging { runner.check(checker, event, instance) }
            }
            return
        }
        let slot = event.kind.slot
        let start = checkerStart[slot], end = checkerStart[slot + 1]
        guard start < end else { return }
        lend(line, timeline) { runner in
            for position in start..<end { runner.check(runner.checkerList[position], event, instance) }
        }
    }

    /// Lends the rules the event's line and the timeline while `body` runs.
    @inline(__always)
    private mutating func lend(_ line: EventLine, _ timeline: TimelineLoan, _ body: (inout RuleRunner) -> Void) {
        context.line = line
        context.loan = timeline
        body(&self)
        context.line = nil
        context.loan = nil
    }

    /// A rule an event's check goes to: a built-in rule, by index, or a custom rule, by index and its place in
    /// `customRules`.
    private enum Checker {
        case builtIn(Int)
        case custom(Int, CustomRuleStore.Place)
    }

    /// Runs the check of the rule `checker` names.
    @inline(__always)
    private mutating func check(_ checker: Checker, _ event: LifecycleEvent, _ instance: Instance) {
        switch checker {
        case .builtIn(let index):
            context.currentRuleIndex = index
            rules[index].check(event, on: instance, in: context)
        case .custom(let index, let place):
            context.currentRuleIndex = index
            customRules.check(place, event, on: instance, in: context)
        }
    }

    mutating func applied(_ event: LifecycleEvent, to instance: Instance, _ timeline: TimelineLoan) -> Bool {
        let slot = event.kind.slot
        guard !afterWatchers[slot].isEmpty else { return false }
        let moment = InstanceMoment.after(event)
        let before = afterWatchers[slot].count
        afterWatchers[slot] = calling(afterWatchers[slot], timeline) { $0.rules[$1].check(moment, on: instance, in: $0.context) }
        return afterWatchers[slot].count != before
    }

    mutating func judge(_ body: CallbackBody, on instance: Instance, _ timeline: TimelineLoan) {
        guard !bodyJudges.isEmpty else { return }
        let moment = InstanceMoment.bodyClosed(body)
        bodyJudges = calling(bodyJudges, timeline) { $0.rules[$1].check(moment, on: instance, in: $0.context) }
    }

    mutating func finished(_ instance: Instance, atEnd: Bool, _ timeline: TimelineLoan) {
        finishers = calling(finishers, timeline) { runner, index in
            if let place = runner.customPlaces[index] {
                runner.customRules.finished(place, instance, atEnd: atEnd, in: runner.context)
            } else {
                runner.rules[index].finish(instance, atEnd: atEnd, in: runner.context)
            }
        }
        onInstanceFinished?(instance)
    }

    mutating func traceEnded(_ timeline: TimelineLoan) {
        enders = calling(enders, timeline) { runner, index in
            if let place = runner.customPlaces[index] {
                runner.customRules.traceEnded(place, in: runner.context)
            } else {
                runner.rules[index].check(TraceMoment.end, in: runner.context)
            }
        }
    }

    mutating func timeAdvanced(to now: TraceTime, _ timeline: TimelineLoan) -> Bool {
        let before = clockWatchers.count
        clockWatchers = calling(clockWatchers, timeline) { $0.rules[$1].check(TraceMoment.clock(now), in: $0.context) }
        return clockWatchers.count != before
    }

    /// Makes `call` for each rule of `list` with the timeline lent, and returns the list without the rules that
    /// said the call does nothing for them.
    @inline(__always)
    private mutating func calling(_ list: [Int], _ timeline: TimelineLoan, _ call: (inout RuleRunner, Int) -> Void) -> [Int] {
        context.loan = timeline
        defer { context.loan = nil }
        var ignoring: [Int] = []
        for index in list {
            context.currentRuleIndex = index
            context.ignoredCall = false
            call(&self, index)
            if context.ignoredCall { ignoring.append(index) }
        }
        return ignoring.isEmpty ? list : list.filter { !ignoring.contains($0) }
    }
}
