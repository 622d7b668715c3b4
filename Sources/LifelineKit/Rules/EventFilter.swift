/// The events and moments a rule's `check` judges. The engine calls `check` for these only: most rules look at two
/// or three callbacks, and skipping the rest is most of the cost of running eleven rules on every event.
public struct EventFilter: Sendable {
    public var callbacks: CallbackSet
    public var observers: Bool
    public var warnings: Bool
    /// App events (`AppEvent`), which only rules that ask for them see.
    public var appEvents: Bool
    /// With `appEvents`: the names of the app events wanted, or nil for all. The engine hands a rule only the app
    /// events it names, so a configuration's ten app events do not each reach every rule.
    public var appEventNames: Set<String>?
    /// Moments that are not events: callback bodies closing (`InstanceMoment.bodyClosed`), the clock moving on
    /// (`TraceMoment.clock`). The end of the trace (`TraceMoment.end`) comes to every rule that implements it.
    public var moments: Moments
    /// The callbacks after which the rule sees the instance moved on (`InstanceMoment.after`).
    public var afterCallbacks: CallbackSet

    public init(callbacks: CallbackSet = CallbackSet(), observers: Bool = false, warnings: Bool = false, appEvents: Bool = false,
                appEventNames: Set<String>? = nil, moments: Moments = [], afterCallbacks: CallbackSet = CallbackSet()) {
        self.callbacks = callbacks
        self.observers = observers
        self.warnings = warnings
        self.appEvents = appEvents
        self.appEventNames = appEventNames
        self.moments = moments
        self.afterCallbacks = afterCallbacks
    }

    /// Moments a rule may judge besides events.
    public struct Moments: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Callback bodies closing, for instances that have logged observers.
        public static let bodies = Moments(rawValue: 1 << 0)
        /// The trace's clock moving on: called on nearly every line.
        public static let clock = Moments(rawValue: 1 << 1)
    }

    /// Every lifecycle event (not app events).
    public static let everything = EventFilter(callbacks: CallbackSet(Callback.allCases), observers: true, warnings: true)

    /// The given callbacks only.
    public static func callbacks(_ callbacks: Callback...) -> EventFilter { EventFilter(callbacks: CallbackSet(callbacks)) }

    public func matches(_ kind: EventKind) -> Bool {
        switch kind {
        case .callback(let callback): return callbacks.contains(callback)
        case .observerAdded, .observerRemoved, .observersRemovedAll: return observers
        case .uikitWarning: return warnings
        case .appEvent(let event): return appEvents && appEventNames.map { $0.contains(event.name) } != false
        }
    }
}
