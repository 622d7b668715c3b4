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

    /// The kind's small number, for tables and bit sets by kind: a callback's ordinal, then observer lines, UIKit's
    /// warnings and app events (one per `slotSamples` entry).
    var slot: Int {
        switch self {
        case .callback(let callback): return callback.ordinal
        case .observerAdded, .observerRemoved, .observersRemovedAll: return Callback.allCases.count
        case .uikitWarning: return Callback.allCases.count + 1
        case .appEvent: return Callback.allCases.count + 2
        }
    }

    /// One kind standing for each slot, in slot order.
    static let slotSamples: [EventKind] =
        Callback.allCases.map { EventKind.callback($0) } + [.observerAdded(""), .uikitWarning(""), .appEvent(AppEvent(name: ""))]

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
    /// Boxed, so an event holds a pointer here, not a second reference's bytes (most events have no argument).
    indirect case controller(ControllerRef)
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
