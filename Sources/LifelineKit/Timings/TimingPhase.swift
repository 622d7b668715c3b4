/// A stretch of a controller's life that `lifeline stats` measures.
public enum TimingPhase: String, CaseIterable, Sendable, Comparable {
    /// `init` (or `loadView`, when logged) → `viewDidLoad`.
    case load
    /// `viewDidLoad` → first `viewDidAppear`: time to initial display. From `viewWillAppear` for pre-loaded views.
    case timeToAppear
    /// `viewWillAppear` → `viewDidAppear`, transitions that were not cancelled.
    case appear
    /// `viewWillDisappear` → `viewDidDisappear`, transitions that were not cancelled.
    case disappear
    /// `viewDidAppear` → the `viewWillDisappear` of a disappearance that completed.
    case onScreen

    /// How tables name it.
    public var title: String {
        switch self {
        case .load: return "load"
        case .timeToAppear: return "time to appear"
        case .appear: return "appear"
        case .disappear: return "disappear"
        case .onScreen: return "on screen"
        }
    }

    /// Whether a longer time is a slowdown (`--compare`): time on screen measures the user, not the app.
    public var isPerformance: Bool { self != .onScreen }

    public static func < (lhs: TimingPhase, rhs: TimingPhase) -> Bool { lhs.ordinal < rhs.ordinal }

    var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
