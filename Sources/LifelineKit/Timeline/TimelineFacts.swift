/// What the timeline knows about a trace as a whole, beyond single instances: each class's logging profile
/// and the trace's clock. The tracker writes it; rules read it through `RuleContext`.
struct TimelineFacts: Sendable {
    /// Per class (or label): the callbacks it has logged so far, at the class's number in `profileIndex`. Instances
    /// remember their class's position (`Instance.profile`), so lookups skip the hashing.
    private var profiles: [CallbackSet] = []
    private var profileIndex = Numbering<String>()
    /// The latest trace time seen.
    private(set) var now: TraceTime?
    /// Whether any line of the trace carried a timestamp.
    private(set) var hasTimestamps = false

    /// Whether the class (or label) of `ref` has logged `callback` anywhere so far.
    /// Labels without an address (`vc1`) name objects, not classes, so they share one profile.
    func classLogs(_ callback: Callback, _ ref: ControllerRef) -> Bool {
        profileIndex.existingID(Self.profileKey(ref)).map { profiles[Int($0)].contains(callback) } ?? false
    }

    /// The same for the class of `instance`.
    func classLogs(_ callback: Callback, of instance: Instance) -> Bool {
        profiles[instance.profile].contains(callback)
    }

    /// The position of the profile of `ref`'s class, made on first sight.
    mutating func profile(for ref: ControllerRef) -> Int {
        let index = Int(profileIndex.id(Self.profileKey(ref)))
        if index == profiles.count { profiles.append(CallbackSet()) }  // numbered on first sight, in order
        return index
    }

    mutating func recordLogged(_ callback: Callback, profile: Int) {
        profiles[profile].insert(callback)
    }

    /// Moves the clock to `time` if it is later; returns whether it moved.
    mutating func advance(to time: TraceTime) -> Bool {
        if let now, now >= time { return false }
        now = time
        hasTimestamps = true
        return true
    }

    private static func profileKey(_ ref: ControllerRef) -> String { ref.address == nil ? "" : ref.name }
}
