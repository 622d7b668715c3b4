/// The one vocabulary that names what a recognised line says, used by rules, findings, baseline fingerprints and
/// reports: a callback by its canonical name, or `addObserver`, `removeObserver`, `uikitWarning` (which observer,
/// or which warning, stays in the log line). Fingerprints store `name`, so a name never changes.
public enum EventName: Hashable, Sendable, CustomStringConvertible {
    case callback(Callback)
    case addObserver, removeObserver, uikitWarning

    /// The name of what `kind` says.
    public init(_ kind: EventKind) {
        switch kind {
        case .callback(let callback): self = .callback(callback)
        case .observerAdded: self = .addObserver
        case .observerRemoved, .observersRemovedAll: self = .removeObserver
        case .uikitWarning: self = .uikitWarning
        }
    }

    /// `viewDidLoad`, `addObserver`, `removeObserver`, `uikitWarning`.
    public var name: String {
        switch self {
        case .callback(let callback): return callback.rawValue
        case .addObserver: return "addObserver"
        case .removeObserver: return "removeObserver"
        case .uikitWarning: return "uikitWarning"
        }
    }

    public var description: String { name }
}

extension EventKind {
    /// What findings, fingerprints and reports call this event.
    public var name: EventName { EventName(self) }
}
