/// The appearance state machine's states.
public enum AppearanceState: String, Sendable {
    case disappeared, appearing, appeared, disappearing
}

/// Where and when something happened on an instance's timeline.
public struct Mark: Sendable, Equatable {
    public var line: Int
    public var time: TraceTime?
    public var callback: Callback?
}

/// One line of evidence: its number and text.
public struct EvidenceLine: Sendable, Equatable {
    public var line: Int
    public var text: String
}

/// A notification observer as the logs show it for one instance and one name.
public struct ObserverEntry: Sendable, Equatable {
    /// Adds minus removes so far.
    public var count = 0
    /// The callback whose body added it, when known.
    public var addedIn: Callback?
    public var addedLine = 0
    /// The text of that line, for evidence.
    public var addedText = ""
    /// A transition was cancelled since it was added: a repeat add is then expected.
    public var cancelledSinceAdd = false
}

/// A pending containment move: `willMove(toParent:)` seen, `didMove` not yet.
public struct PendingMove: Sendable, Equatable {
    public var argument: ControllerArgument?
    public var line: Int
}

/// Everything Lifeline knows about one controller instance at one point of the trace.
/// The engine updates it event by event (`applying`); rules read it, never write it.
public struct Instance: Sendable, Equatable {
    /// Order of first appearance in the trace, from 1.
    public let serial: Int
    public let key: InstanceKey
    /// 1 for the first instance at this key, 2 after a dealloc and reuse of the address, …
    public let generation: Int
    /// Where the engine keeps the profile of this instance's class (`RuleContext.classLogs(_:of:)`).
    let profile: Int

    /// The first event was `init`, `loadView` or `viewDidLoad`: the whole life is in the trace.
    public var seenFromBirth = false
    public var initLine: Int?
    public var loadViewLine: Int?
    public var viewDidLoadLine: Int?
    /// An appearance or layout callback was logged: the instance got going (a later `init` is another object's).
    public var appearedOrLaidOut = false
    public var appearance: AppearanceState = .disappeared
    /// False until an appearance callback or a birth fixes the state (a trace may start mid-life).
    public var appearanceKnown = false
    public var everAppeared = false
    /// The last of viewWillAppear, viewDidAppear, viewWillDisappear and viewDidDisappear.
    public var lastAppearanceCallback: Callback?
    /// For a label without an address, which may name two objects of one class: after a will-callback turned the
    /// direction (viewWillDisappear then viewWillAppear), the did-callback of the first direction still expected
    /// from the other object. It is taken without changing the state (until the next will-callback).
    public var otherObjectsDid: Callback?
    public var willAppear: Mark?
    public var willDisappear: Mark?
    public var dealloc: Mark?

    public var parent: ControllerRef?
    public var pendingMove: PendingMove?
    /// Removed from its parent (didMove(nil) or removeFromParent) and disappeared: the leak clock runs from here.
    public var removal: Mark?
    public var didMoveToNil = false

    public var observers = ObserverTable()

    /// The callbacks this instance has logged.
    public var loggedCallbacks = CallbackSet()

    /// Where the newest of this instance's lines is kept (`EvidenceArena`), nil before its first.
    var evidence: EvidenceArena.Position?
    public var lastLine = 0

    init(serial: Int, key: InstanceKey, generation: Int, profile: Int) {
        self.serial = serial
        self.key = key
        self.generation = generation
        self.profile = profile
    }

    /// A stable identifier: `Shop[4089]/Shop.CartViewController@0x7fa1c8d0a200#1`.
    public var id: String { key.id(generation: generation) }

    public var isDeallocated: Bool { dealloc != nil }
    public var isLoaded: Bool { loadViewLine != nil || viewDidLoadLine != nil }

    /// How many of an instance's last lines rules may cite.
    static let evidenceDepth = 6
}

/// An instance as a finding needs it, kept by a rule that reports later on an earlier event: who it is and where
/// its evidence lines ended. Keeping this instead of the instance saves a dozen references per kept event.
struct InstanceMark {
    let key: InstanceKey
    let generation: Int
    let serial: Int
    /// Its newest evidence line then (`Instance.evidence`).
    let evidence: EvidenceArena.Position?
    let lastLine: Int

    init(_ instance: Instance) { self.init(key: instance.key, Place(instance)) }

    /// The mark of the instance `key` names, as `place` recorded it.
    init(key: InstanceKey, _ place: Place) {
        self.key = key
        generation = place.generation
        serial = place.serial
        evidence = place.evidence
        lastLine = place.lastLine
    }

    /// A mark without the key: numbers only, copied without a reference count. For a rule that keeps many and has
    /// the key at hand when it reports (the instance's own, when it holds per instance).
    struct Place {
        let generation: Int
        let serial: Int
        let evidence: EvidenceArena.Position?
        let lastLine: Int

        init(_ instance: Instance) {
            generation = instance.generation
            serial = instance.serial
            evidence = instance.evidence
            lastLine = instance.lastLine
        }
    }
}
