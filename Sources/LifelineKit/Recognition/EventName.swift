/// The one vocabulary that names what a recognised line says, used by rules, findings, baseline fingerprints and
/// reports: a callback by its canonical name, or `addObserver`, `removeObserver`, `uikitWarning` (which observer,
/// or which warning, stays in the log line), or an app event by the name `.lifeline.json` gives it. Fingerprints
/// store `name`, so a name never changes.
public enum EventName: Hashable, Sendable, CustomStringConvertible {
    case callback(Callback)
    case addObserver, removeObserver, uikitWarning
    /// An app event of the configuration's `events` (`productRequest`).
    case app(String)

    /// The name of what `kind` says.
    public init(_ kind: EventKind) {
        switch kind {
        case .callback(let callback): self = .callback(callback)
        case .observerAdded: self = .addObserver
        case .observerRemoved, .observersRemovedAll: self = .removeObserver
        case .uikitWarning: self = .uikitWarning
        case .appEvent(let event): self = .app(event.name)
        }
    }

    /// What a custom rule's `event` names: a callback by its canonical name, else an app event.
    public init(callbackOrApp name: String) {
        self = Callback(rawValue: name).map { .callback($0) } ?? .app(name)
    }

    /// `viewDidLoad`, `addObserver`, `removeObserver`, `uikitWarning`, or an app event's name.
    public var name: String {
        switch self {
        case .callback(let callback): return callback.rawValue
        case .addObserver: return "addObserver"
        case .removeObserver: return "removeObserver"
        case .uikitWarning: return "uikitWarning"
        case .app(let name): return name
        }
    }

    public var description: String { name }

    /// Whether `kind` is this event (without building a name for it).
    func matches(_ kind: EventKind) -> Bool {
        switch self {
        case .callback(let callback): return kind.callback == callback
        case .app(let name): return kind.appEvent?.name == name
        default: return EventName(kind) == self
        }
    }
}

extension EventKind {
    /// What findings, fingerprints and reports call this event.
    public var name: EventName { EventName(self) }
}
