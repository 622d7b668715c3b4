/// What a message says, before it is placed on a timeline.
public enum EventKind: Hashable, Sendable {
    case callback(Callback)
    case observerAdded(String)
    case observerRemoved(String)
    /// `removeObserver(self)`: every observer of the controller.
    case observersRemovedAll
    /// One of UIKit's console warnings, with its summary.
    case uikitWarning(String)
    /// A line an `events` pattern of the configuration names.
    indirect case appEvent(AppEvent)

    public var callback: Callback? {
        if case .callback(let callback) = self { return callback }
        return nil
    }

    var isObserver: Bool {
        switch self {
        case .observerAdded, .observerRemoved, .observersRemovedAll: return true
        default: return false
        }
    }
}

/// The controller argument of a containment callback.
public enum ControllerArgument: Hashable, Sendable {
    /// `nil` / `(null)`: the controller is being removed from its parent.
    case noParent
    case controller(ControllerRef)
}

/// A recognised message: what happened, to which controller (nil when the line names none), and the
/// containment argument when one was logged.
struct RecognizedEvent: Equatable, Sendable {
    var kind: EventKind
    var controller: ControllerRef?
    var argument: ControllerArgument?
}

extension EventKind {
    var appEvent: AppEvent? {
        if case .appEvent(let event) = self { return event }
        return nil
    }
}
