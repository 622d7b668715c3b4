/// What one controller instance's timing needs to remember between its events: the start of each phase still
/// open. Fed the instance's events in order; says what each completes.
struct InstanceClock {
    /// A measured phase: its length and the line that ended it.
    struct Sample: Equatable {
        var phase: TimingPhase
        var microseconds: Int64
        var line: Int
    }

    /// What an event changed, beside samples.
    struct Outcome {
        var samples: [Sample] = []
        /// The instance's first `viewWillAppear` came after it was pre-loaded.
        var preloaded = false
        /// The event reversed a transition still under way (a cancelled interactive transition).
        var cancelled = false
    }

    /// An appearance transition under way.
    private struct Transition {
        var appearing: Bool
        var since: TraceTime?
        /// Begun by reversing another: the end of a cancelled transition, not measured.
        var reversal: Bool
    }

    /// Whether any of the instance's lines had a timestamp.
    private(set) var timed = false
    private var loadStart: TraceTime?
    private var sawInit = false
    private var sawLoadView = false
    /// The process's completed appearances when this instance was created.
    private var appearancesAtInit = 0
    private var loaded = false
    private var loadedAt: TraceTime?
    /// The process's completed appearances (`viewDidAppear` of any controller) when this one loaded.
    private var appearancesAtLoad = 0
    private var willAppearAt: TraceTime?
    private var sawWillAppear = false
    private var preloaded = false
    private var appeared = false
    private var transition: Transition?
    /// Appeared and not yet disappeared (a cancelled disappearance leaves it on screen).
    private var onScreen = false
    private var onScreenSince: TraceTime?

    /// A clock for an instance first seen now.
    init() {}

    /// A clock for an instance whose clock was dropped at rest (`isAtRest`): loaded, appeared, timed.
    static var resumed: InstanceClock {
        var clock = InstanceClock()
        clock.timed = true
        clock.loaded = true
        clock.sawWillAppear = true
        clock.appeared = true
        return clock
    }

    /// Nothing is open that a later event could complete: the clock can be dropped, and `resumed` made again.
    var isAtRest: Bool { timed && loaded && appeared && transition == nil && !onScreen }

    /// Takes the instance's next event. `appearances`: the process's completed appearances so far; `preloadGap`:
    /// seconds between `viewDidLoad` and the first `viewWillAppear` beyond which a view counts as pre-loaded.
    mutating func take(_ callback: Callback, at time: TraceTime?, line: Int, appearances: Int, preloadGap: Double) -> Outcome {
        if time != nil { timed = true }
        var outcome = Outcome()
        func measure(_ phase: TimingPhase, from start: TraceTime?) {
            guard let start, let time else { return }
            outcome.samples.append(Sample(phase: phase, microseconds: Swift.max(0, time.microseconds - start.microseconds), line: line))
        }
        switch callback {
        case .`init`:
            if !loaded, !sawInit, !sawLoadView {
                sawInit = true
                loadStart = time
                appearancesAtInit = appearances
            }
        case .loadView:
            if !loaded {
                sawLoadView = true
                loadStart = time
            }
        case .viewDidLoad:
            guard !loaded else { break }
            loaded = true
            loadedAt = time
            appearancesAtLoad = appearances
            // An init long before the view loads (a tab's controllers are made at launch, loaded when first
            // shown) is not part of the load, by the same test as pre-loading.
            let createdEarlier = !sawLoadView && (appearances > appearancesAtInit || gap(from: loadStart, to: time) > preloadGap)
            if !createdEarlier { measure(.load, from: loadStart) }
        case .viewWillAppear:
            if !sawWillAppear {
                sawWillAppear = true
                willAppearAt = time
                preloaded = loaded && (appearances > appearancesAtLoad || gap(from: loadedAt, to: time) > preloadGap)
                outcome.preloaded = preloaded
            }
            outcome.cancelled = transition?.appearing == false
            transition = Transition(appearing: true, since: time, reversal: outcome.cancelled)
        case .viewDidAppear:
            if let transition, transition.appearing, !transition.reversal { measure(.appear, from: transition.since) }
            transition = nil
            if !appeared {
                appeared = true
                if loaded { measure(.timeToAppear, from: preloaded ? willAppearAt : loadedAt) }
            }
            if !onScreen {
                onScreen = true
                onScreenSince = time
            }
        case .viewWillDisappear:
            outcome.cancelled = transition?.appearing == true
            transition = Transition(appearing: false, since: time, reversal: outcome.cancelled)
        case .viewDidDisappear:
            if let transition, !transition.appearing, !transition.reversal {
                measure(.disappear, from: transition.since)
                if onScreen, let since = onScreenSince, let end = transition.since {
                    outcome.samples.append(Sample(phase: .onScreen, microseconds: Swift.max(0, end.microseconds - since.microseconds),
                                                  line: line))
                }
            }
            onScreen = false
            onScreenSince = nil
            transition = nil
        default:
            break
        }
        return outcome
    }

    private func gap(from start: TraceTime?, to end: TraceTime?) -> Double {
        guard let start, let end else { return 0 }
        return end.seconds(since: start)
    }
}
