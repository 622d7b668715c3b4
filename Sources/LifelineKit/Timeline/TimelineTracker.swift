/// Builds every controller instance's timeline from a stream of events, in trace order, and hands each point
/// where an instance can be judged to its `Judge`.
///
/// Memory follows the instances that are doing something. An instance at rest (disappeared, nothing pending) is
/// kept as a compact `IdleInstance`; a deallocated one as a tombstone, and those are capped; the text of every
/// instance's recent lines shares one bounded `EvidenceArena`.
///
/// A value that owns its timeline and its judge, and lends the timeline to the judge for each call
/// (`TimelineLoan`): exclusive access is checked by the compiler rather than at run time on every property access,
/// and the judged instance is read in place, not copied.
struct TimelineTracker<Judge: TimelineJudge> {
    private(set) var judge: Judge
    private var timeline: TimelineStore
    /// What the judge does something for (`judge.interest`), asked again when the judge says it changed.
    private var interest: JudgeInterest
    private var openBodies = OpenBodies()
    private var ignoredClasses: ClassFilter
    private var nextSerial = 1
    /// `live` is swept for instances at rest once it holds this many.
    private var sweepAt: Int
    /// How many instances in full form make the first sweep (tests lower it so every chance to compact is taken).
    private let firstSweep: Int
    /// Every instance created so far (the controller count of `--stats`).
    private(set) var instanceCount = 0
    /// Observer lines with no controller and no open callback to belong to.
    private(set) var unattributedEvents = 0
    /// Events of ignored classes.
    private(set) var ignoredEvents = 0
    /// App events with no controller named and no callback running on their thread (their lines are other lines).
    private(set) var unattachedAppEvents = 0
    /// Lines that were a second print of one callback delivery, not events of their own (`PrintSite`).
    private(set) var repeatedDeliveryLines = 0
    /// Called with each such line and the line of the delivery's first print.
    var onRepeatedDelivery: ((LifecycleEvent, Int) -> Void)?
    /// Called with every event after it is placed on its instance, with its line.
    var onEvent: ((LifecycleEvent, Instance, EventLine) -> Void)?

    init(judge: Judge, ignoredClasses: [String], evidenceCapacity: Int = EvidenceArena.defaultCapacity, firstSweep: Int = 256) {
        self.timeline = TimelineStore(evidenceCapacity: evidenceCapacity)
        self.firstSweep = firstSweep
        self.sweepAt = firstSweep
        self.judge = judge
        self.interest = judge.interest
        self.ignoredClasses = ClassFilter(patterns: ignoredClasses)
    }

    /// Keeps the evidence of lent chunks' lines as file offsets from here on, read back from `file` (`EvidenceArena`).
    mutating func rereadEvidence(from file: any LineRereader) { timeline.arena.file = file }

    /// The lines lent with the events that follow lie in `chunk`, whose first byte is at `fileOffset` in the input
    /// file (nil if it cannot be read there again). Lent again for each run of events: chunks reuse buffers.
    mutating func lend(_ chunk: Bytes, fileOffset: Int?) { timeline.arena.lend(chunk, fileOffset: fileOffset) }

    /// Runs `call` on the judge with the timeline lent to it.
    private mutating func withJudge(_ call: (inout Judge, TimelineLoan) -> Void) {
        withUnsafePointer(to: &timeline) { call(&judge, TimelineLoan($0)) }
    }

    /// Runs `call` on the judge with the instance in `slot` and the timeline lent to it. The instance is lent where
    /// it lies, under an exclusive access to its slot (`lending`): read through the loan it was copied, references
    /// and all, and moved out of its slot and back it cost two moves of its few hundred bytes. Meanwhile the loan
    /// does not find it by its key (the judge has it).
    private mutating func withJudge(on slot: Int, _ call: (inout Judge, Instance, TimelineLoan) -> Void) {
        withUnsafeMutablePointer(to: &timeline) { store in
            let loan = TimelineLoan(UnsafePointer(store), judging: slot)
            lending(&store.pointee.live[slot]) { call(&judge, $0, loan) }
        }
    }

    /// Hooks of the judge that outlive the tracker's calls (reports set them).
    mutating func updateJudge(_ change: (inout Judge) -> Void) { change(&judge) }

    // MARK: Reading

    /// The callback whose body is open on a thread (the last logged there), if any.
    func runningCallback(process: ProcessKey, thread: UInt64?) -> Callback? {
        openBodies.callback(on: OpenBodies.ThreadKey(process: process, thread: thread))
    }

    /// Bytes held for instances at rest, per instance, as the engine counts them (records and index).
    var retainedBytesPerIdleInstance: Double {
        timeline.idle.count == 0 ? 0 : Double(timeline.idle.retainedBytes) / Double(timeline.idle.count)
    }

    /// Instances kept in full form and in compact form.
    var instanceCounts: (full: Int, compact: Int) { (timeline.live.count, timeline.idle.count) }

    // MARK: Input

    /// Notes the time of a line, so time-based judges see the trace's clock move. Inline, as most events carry a
    /// time and most times tell a judge nothing.
    @inline(__always)
    mutating func observe(_ time: TraceTime) {
        guard timeline.facts.advance(to: time), interest.watchesTime else { return }
        tellJudge(time)
    }

    @inline(never)
    private mutating func tellJudge(_ time: TraceTime) {
        var changed = false
        withJudge { changed = $0.timeAdvanced(to: time, $1) }
        if changed { interest = judge.interest }
    }

    /// Places one event on its instance's timeline, judging it first. `line` is the event's line when lent; otherwise
    /// the bytes of the event's own text are lent here, so everything after reads one `EventLine`. An app event is
    /// told here the callback it happened in (`AppEvent.callback`), in place.
    mutating func consume(_ event: inout LifecycleEvent, line: Bytes? = nil) {
        if let line { return consume(&event, EventLine(line)) }
        var text = event.text
        text.withUTF8 { consume(&event, EventLine($0)) }
    }

    private mutating func consume(_ event: inout LifecycleEvent, _ line: EventLine) {
        if let time = event.time { observe(time) }
        timeline.facts.previousLine = timeline.facts.lastLine
        timeline.facts.lastLine = event.line
        timeline.facts.observe(event.process, at: event.time)
        let thread = openBodies.slot(process: event.process, thread: event.thread)
        let key: InstanceKey  // made once: the controller's name is not copied again for it
        if let controller = event.controller {
            key = InstanceKey(process: event.process, ref: controller)
        } else if let open = openBodies.instance(thread) {
            key = InstanceKey(process: event.process, ref: open.ref)
        } else {
            if event.kind.appEvent != nil { unattachedAppEvents += 1 } else { unattributedEvents += 1 }
            return
        }
        if ignoredClasses.matches(key.ref.name) {
            ignoredEvents += 1
            return
        }
        if let callback = event.kind.callback, openBodies.callback(thread) == callback, openBodies.isOpen(thread, for: key),
           isAnotherPrintOfTheOpenDelivery(line, key, thread) {
            repeatedDeliveryLines += 1
            onRepeatedDelivery?(event, openBodies.lastBody(thread).line)
            return
        }
        var enclosing = Enclosing.none
        if let callback = event.kind.callback {
            if callback == .viewDidLoad || callback == .loadView, let host = openBodies.host(thread) { enclosing = .other(host: host) }
            closeBody(on: thread)
        } else if openBodies.isOpen(thread, for: key) {
            enclosing = .own(openBodies.callback(thread))
        }
        var inFullForm = timeline.live.slot(of: key)
        if inFullForm == nil, let resting = timeline.idle.remove(key, facts: timeline.facts) { inFullForm = timeline.live.insert(resting) }

        let slot: Int
        var wasDead = false
        if let found = inFullForm {
            // Only callbacks that begin a life can tell a new object at a reused address.
            if event.kind.callback?.beginsLife == true, case let facts = timeline.facts,
               lending(&timeline.live[found], { Self.startsNewInstance($0, event, facts) }) {
                let replaced = timeline.live[found]  // a copy: the judge may read the timeline meanwhile
                withJudge { $0.finished(replaced, atEnd: false, $1) }  // replaced by a new object at the same address
                timeline.live[found] = makeInstance(key, generation: replaced.generation + 1)
            }
            slot = found
        } else if let dead = timeline.tombstones.remove(key, facts: timeline.facts) {
            // A name without an address may stand for several objects of its class: after its dealloc, any callback
            // is the next one's (`-[VC dealloc]` then `-[VC didReceiveMemoryWarning]` is another VC).
            if event.kind.callback?.beginsLife == true || (key.ref.mayNameSeveralObjects && event.kind.callback != nil) {
                slot = timeline.live.insert(makeInstance(key, generation: dead.generation + 1))
            } else {
                slot = timeline.live.insert(dead)  // judged on its remains (`Tomb`); back among the dead unless the event starts a new life
                wasDead = true
            }
        } else {
            slot = timeline.live.insert(makeInstance(key, generation: 1))
        }
        if case .appEvent = event.kind { place(&event, in: enclosing, thread) }
        judgeAndApply(event, line, slot, key, thread, enclosing)
        if wasDead, timeline.live[slot].isDeallocated {
            let dead = timeline.live.remove(slot)
            timeline.tombstones.insert(dead)  // a second dealloc, an observer line: it stays finished
        } else if timeline.live.count >= sweepAt {
            sweep()
        }
    }

    /// Ends the trace: closes open callback bodies, then every instance still alive is final, in order of first
    /// appearance. With `buildingAhead`, another thread turns idle records back into instances (`IdleBatches`).
    mutating func finish(buildingAhead: Bool = false) {
        for thread in openBodies.openSlots { closeBody(on: thread) }
        // Judges may look any instance up meanwhile, so all stay where they are until the last is judged.
        // Full-form instances by serial, and idle ones by record number (8 bytes each, not a key each).
        let full = timeline.live.occupiedSlots.map { (serial: timeline.live[$0].serial, slot: $0) }.sorted { $0.serial < $1.serial }
        var nextFull = 0
        var batches = IdleBatches(timeline.idle, facts: timeline.facts, order: timeline.idle.recordsBySerial, ahead: buildingAhead)
        var judged: [Instance] = []
        while let batch = batches.next(freeing: judged) {
            for index in batch.indices {  // judged where the batch holds it, not moved out and into a second array
                while nextFull < full.count, full[nextFull].serial < batch[index].serial {
                    finishLive(full[nextFull].slot)
                    nextFull += 1
                }
                withJudge { $0.finished(batch[index], atEnd: true, $1) }
            }
            judged = consume batch  // `batches` frees it (on its other thread, when building ahead)
        }
        for (_, slot) in full[nextFull...] { finishLive(slot) }
        timeline.live.removeAll()
        timeline.idle.removeAll()
        withJudge { $0.traceEnded($1) }
    }

    /// Judges the full-form instance in `slot` as final at the end of the trace (a copy: the judge may read the
    /// timeline meanwhile).
    private mutating func finishLive(_ slot: Int) {
        let instance = timeline.live[slot]
        withJudge { $0.finished(instance, atEnd: true, $1) }
    }

    // MARK: Events

    /// The callback body open on an event's thread, as far as the event's instance cares.
    private enum Enclosing {
        case none
        /// The instance's own body, of this callback (nil: an observer line outside callbacks).
        case own(Callback?)
        /// Another instance's body, which a loading controller may be a guest of.
        case other(host: InstanceKey)

        var scope: Callback? {
            if case .own(let callback) = self { return callback }
            return nil
        }

        var host: InstanceKey? {
            if case .other(let host) = self { return host }
            return nil
        }
    }

    /// Judges `event` on the instance in `slot` as it was before the event, then moves it in place to the state the
    /// event implies.
    private mutating func judgeAndApply(_ event: LifecycleEvent, _ line: EventLine, _ slot: Int, _ key: InstanceKey, _ thread: Int,
                                        _ enclosing: Enclosing) {
        if interest.judges(event.kind) {  // `withJudge(on:)` written out: this is the call made for most events
            withUnsafeMutablePointer(to: &timeline) { store in
                let loan = TimelineLoan(UnsafePointer(store), judging: slot, host: enclosing.host)
                lending(&store.pointee.live[slot]) { judge.judge(event, line: line, on: $0, loan) }
            }
        }
        if timeline.live[slot].isDeallocated, let callback = event.kind.callback, callback != .dealloc {
            timeline.live[slot] = makeInstance(key, generation: timeline.live[slot].generation + 1)  // resynchronise: a new life
        }
        timeline.apply(event, line: line, to: slot, scope: enclosing.scope)
        if let callback = event.kind.callback {
            openBodies.open(thread, callback: callback, line: event.line, instance: key)
        } else if event.kind.isObserver, case .own = enclosing {
            openBodies.touch(thread, event.kind)
        } else if event.kind.isObserver {
            var body = CallbackBody(callback: nil, line: event.line, instance: key, touchedObservers: [event.kind.observerName ?? ""])
            if case .observerRemoved(let name) = event.kind { body.removedObservers = [name] }
            judgeBody(body, slot)  // an observer line naming its controller outside its callbacks
        }
        if interest.watchesApplied(event.kind) {
            var changed = false
            withJudge(on: slot) { changed = $0.applied(event, to: $1, $2) }
            if changed { interest = judge.interest }
        }
        onEvent?(event, timeline.live[slot], line)
    }

    /// Whether the event on `line` repeats the callback whose body is open on its thread, for the same instance,
    /// from another print statement (`PrintSite`): one delivery logged by two print sites, not a second call.
    private func isAnotherPrintOfTheOpenDelivery(_ line: EventLine, _ key: InstanceKey, _ thread: Int) -> Bool {
        guard let slot = timeline.live.slot(of: key),
              let previous = timeline.arena.lines(endingAt: timeline.live[slot].evidence, depth: 1).first,
              previous.line == openBodies.lastBody(thread).line else { return false }
        var previousText = previous.text
        return previousText.withUTF8 { !PrintSite.same($0, line.bytes) }
    }

    /// Tells an app event the callback it happened in.
    private func place(_ event: inout LifecycleEvent, in enclosing: Enclosing, _ thread: Int) {
        guard case .appEvent(var appEvent) = event.kind, let callback = enclosing.scope else { return }
        appEvent.callback = callback
        appEvent.callbackLine = openBodies.lastBody(thread).line
        event.kind = .appEvent(appEvent)
    }

    // MARK: Instances

    /// Address reuse: an `init` after the instance got going, or a second load when the class logs
    /// neither init nor dealloc (nothing else could tell two objects at one address apart).
    /// Static, given what it reads: as a method it was handed a copy of the whole tracker.
    private static func startsNewInstance(_ instance: Instance, _ event: LifecycleEvent, _ facts: TimelineFacts) -> Bool {
        guard let callback = event.kind.callback else { return false }
        if callback == .`init` {
            // `initWithCoder:` then `awakeFromNib` is one init; an init after anything else is a new object.
            return instance.isLoaded || instance.appearedOrLaidOut || instance.parent != nil || instance.pendingMove != nil
        }
        // A load after the view appeared or laid out is a new object; a load again before that (`loadView`,
        // `viewDidLoad`, `loadView`, …) is the same object loading twice, which `load-once` reports.
        guard callback == .loadView || callback == .viewDidLoad else { return false }
        // The unlabelled controller's next load is taken as another controller's, whatever the stream logs.
        guard instance.appearedOrLaidOut else { return false }
        return instance.key.ref.isUnlabelled
            || (!facts.classLogs(.`init`, of: instance) && !facts.classLogs(.dealloc, of: instance))
    }

    private mutating func makeInstance(_ key: InstanceKey, generation: Int) -> Instance {
        defer { nextSerial += 1; instanceCount += 1 }
        return Instance(serial: nextSerial, key: key, generation: generation, profile: timeline.facts.profile(for: key.ref))
    }

    /// Moves the instances at rest out of `live` into compact form, except those a callback body on some thread
    /// still belongs to. Runs when `live` has doubled since the last sweep, so each instance is looked at a
    /// bounded number of times, and `live` holds at most twice the instances that are not at rest.
    private mutating func sweep() {
        let busy = openBodies.openInstances
        for slot in timeline.live.occupiedSlots { _ = timeline.live.moveToRest(slot, into: &timeline.idle, unless: busy, facts: timeline.facts) }
        sweepAt = max(firstSweep, timeline.live.count * 2)
    }

    // MARK: Callback bodies

    private mutating func closeBody(on thread: Int) {
        // Most bodies hold nothing but their callback's line: only observer lines, the end of a disappearance
        // (observers) and a dealloc (tombstone) need the instance.
        guard let (callback, touchedObservers) = openBodies.close(thread),
              touchedObservers || callback == .viewDidDisappear || callback == .dealloc else { return }
        let body = openBodies.lastBody(thread)
        guard let slot = timeline.live.slot(of: body.instance) else { return }
        judgeBody(body, slot)
        guard timeline.live[slot].isDeallocated else { return }
        let dead = timeline.live.remove(slot)
        withJudge { $0.finished(dead, atEnd: false, $1) }
        timeline.tombstones.insert(dead)
    }

    /// Judges what a callback body did, then settles the observer counts the judge assumed. Bodies are about
    /// observers: an instance that never had any has nothing to judge.
    private mutating func judgeBody(_ body: CallbackBody, _ slot: Int) {
        guard !timeline.live[slot].observers.isEmpty else { return }
        withJudge(on: slot) { $0.judge(body, on: $1, $2) }
        timeline.live[slot].settleObservers(after: body)
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
