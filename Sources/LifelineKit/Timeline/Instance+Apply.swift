extension Instance {
    /// Moves the instance to the state `event` implies, whether or not a rule objected: this is the
    /// resynchronisation that keeps one bad callback from cascading into follow-on findings. (The line's text is
    /// kept by the tracker, in its `EvidenceArena`; an added observer keeps its own.)
    mutating func apply(_ event: LifecycleEvent, line: @autoclosure () -> EventLine, scope: Callback?) {
        let isFirstEvent = lastLine == 0
        let mark = Mark(line: event.line, time: event.time, callback: event.kind.callback)
        switch event.kind {
        case .callback(let callback):
            apply(callback, event, mark, isFirstEvent: isFirstEvent)
        case .observerAdded(let name):
            observers.update(name) { entry in
                if entry.count <= 0 {
                    entry.addedIn = scope
                    entry.addedLine = event.line
                    entry.addedText = line().string
                    entry.cancelledSinceAdd = false
                }
                entry.count += 1
            }
        case .observerRemoved(let name):
            observers.update(name) { $0.count -= 1 }
        case .observersRemovedAll:
            observers.updateAll { $0.count = 0 }
        case .uikitWarning, .appEvent:
            break
        }
        lastLine = event.line
    }

    private mutating func apply(_ callback: Callback, _ event: LifecycleEvent, _ mark: Mark, isFirstEvent: Bool) {
        if isFirstEvent && callback.beginsLife {
            seenFromBirth = true
            appearanceKnown = true
        }
        if callback.isAppearance || callback.isLayout { appearedOrLaidOut = true }
        if callback == otherObjectsDid {
            otherObjectsDid = nil
            return  // the other object's: this one's state stays
        }
        if callback.isAppearance, callback != .viewIsAppearing {
            if callback == .viewWillAppear || callback == .viewWillDisappear {
                let turns = (callback == .viewWillAppear && appearance == .disappearing) || (callback == .viewWillDisappear && appearance == .appearing)
                otherObjectsDid = turns && key.ref.mayNameSeveralObjects ? (callback == .viewWillAppear ? .viewDidDisappear : .viewDidAppear) : nil
            }
            lastAppearanceCallback = callback
        }
        switch callback {
        case .`init`: initLine = initLine ?? event.line
        case .loadView: loadViewLine = loadViewLine ?? event.line
        case .viewDidLoad: viewDidLoadLine = viewDidLoadLine ?? event.line
        case .viewWillAppear:
            if appearance == .disappearing { noteCancelledTransition() }
            if pendingMove?.argument == ControllerArgument.noParent { pendingMove = nil }
            enterAppearance(.appearing)
            willAppear = mark
        case .viewIsAppearing:
            enterAppearance(.appearing)
        case .viewDidAppear:
            enterAppearance(.appeared)
            everAppeared = true
            removal = nil
            didMoveToNil = false
        case .viewWillDisappear:
            if appearance == .appearing { noteCancelledTransition() }
            enterAppearance(.disappearing)
            willDisappear = mark
        case .viewDidDisappear:
            enterAppearance(.disappeared)
            if didMoveToNil, removal == nil { removal = mark }
        case .willMove:
            pendingMove = PendingMove(argument: event.argument, line: event.line)
        case .didMove:
            finishMove(to: event.argument, mark)
        case .removeFromParent:
            finishMove(to: ControllerArgument.noParent, mark)
        case .dealloc:
            dealloc = dealloc ?? mark
        default:
            break
        }
    }

    private mutating func enterAppearance(_ state: AppearanceState) {
        appearance = state
        appearanceKnown = true
    }

    private mutating func noteCancelledTransition() {
        observers.updateAll { $0.cancelledSinceAdd = true }
    }

    private mutating func finishMove(to argument: ControllerArgument?, _ mark: Mark) {
        pendingMove = nil
        switch argument {
        case .controller(let newParent)?:
            parent = newParent
            didMoveToNil = false
            removal = nil
        case .noParent?:
            parent = nil
            didMoveToNil = true
            if appearance == .disappeared, removal == nil { removal = mark }
        case nil:
            break
        }
    }

    /// After a callback's body closed: observer counts resynchronise to what the rules assumed.
    mutating func settleObservers(after body: CallbackBody) {
        guard !observers.isEmpty else { return }
        for name in body.touchedObservers {
            observers.updateIfPresent(name) { $0.count = min(max($0.count, 0), 1) }
        }
        if body.callback == .viewDidDisappear {
            observers.updateAll { entry in
                if entry.count > 0 && entry.addedIn.map(Instance.isAppearanceScope) == true { entry.count = 0 }
            }
        }
    }

    static func isLoadScope(_ callback: Callback) -> Bool {
        callback == .`init` || callback == .loadView || callback == .viewDidLoad
    }

    static func isAppearanceScope(_ callback: Callback) -> Bool {
        callback == .viewWillAppear || callback == .viewIsAppearing || callback == .viewDidAppear
    }

    /// Resets every observer entry at rest to a fresh one and returns whether all are at rest. At rest: no
    /// registration left (count 0) and not added in a loading callback. What such an entry still holds (where
    /// it was added, a cancelled transition since) is read only once the count is above zero again, and the add
    /// that takes it there writes those anew; an entry added while loading keeps its scope for `observer-balance`'s scope check.
    mutating func restObservers() -> Bool {
        guard !observers.isEmpty else { return true }
        let atRest = observers.allSatisfy { entry in
            entry.value.count == 0 && entry.value.addedIn.map(Instance.isLoadScope) != true
        }
        if atRest { observers.updateAll { $0 = ObserverEntry() } }
        return atRest
    }
}
