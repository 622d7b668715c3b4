/// What the timeline knows about a trace as a whole, beyond single instances: each class's logging profile
/// and the trace's clock. The tracker writes it; rules read it through `RuleContext`.
struct TimelineFacts: Sendable {
    /// Per class (or label): the callbacks it has logged so far, at the class's position in `profileIndex` (by
    /// `profileKey`). Instances remember their class's position (`Instance.profile`), so lookups skip the hashing.
    private var profiles: [CallbackSet] = []
    private var profileIndex = IntMap<Int>()
    /// The latest trace time seen.
    private(set) var now: TraceTime?
    /// Whether any line of the trace carried a timestamp.
    private(set) var hasTimestamps = false
    /// The line of the latest event, and of the one before it (`RuleContext.previousEventLine`).
    var lastLine = 0
    var previousLine = 0
    /// The process of the latest event and the time of its latest line; the latest time of each process before it.
    /// Logs switch processes seldom (a relaunch, another app), so an event compares two numbers.
    private var process: ProcessKey?
    private var processTime: TraceTime?
    private var earlierProcessTimes: [ProcessKey: TraceTime] = [:]

    /// Notes that an event of `process` came, at `time` if the line has one (the latest line's time is the one kept:
    /// events come in trace order).
    @inline(__always) mutating func observe(_ process: ProcessKey, at time: TraceTime?) {
        if process.pid != self.process?.pid || process.interned != self.process?.interned || self.process == nil { switchTo(process) }
        if let time { processTime = time }
    }

    @inline(never) private mutating func switchTo(_ process: ProcessKey) {
        if let previous = self.process, let processTime { earlierProcessTimes[previous] = processTime }
        self.process = process
        processTime = earlierProcessTimes[process]
    }

    /// The time of the latest line of `process` (for a process the log moved on from, its last).
    func lastTime(of process: ProcessKey) -> TraceTime? {
        process == self.process ? processTime : earlierProcessTimes[process]
    }

    /// Whether the class (or label) of `ref` has logged `callback` anywhere so far.
    /// Labels without an address (`vc1`) name objects, not classes, so they share one profile.
    func classLogs(_ callback: Callback, _ ref: ControllerRef) -> Bool {
        profileIndex[Self.profileKey(ref)].map { profiles[$0].contains(callback) } ?? false
    }

    /// The same for the class of `instance`.
    func classLogs(_ callback: Callback, of instance: Instance) -> Bool {
        profiles[instance.profile].contains(callback)
    }

    /// The position of the profile of `ref`'s class, made on first sight.
    mutating func profile(for ref: ControllerRef) -> Int {
        if let index = profileIndex.keepingFirst(profiles.count, for: Self.profileKey(ref)) { return index }
        profiles.append(CallbackSet())  // numbered on first sight, in order
        return profiles.count - 1
    }

    /// The position of the profile of `ref`'s class, which an instance of it made: the compact forms of instances
    /// (`IdleInstance`, `Tomb`) find it again here rather than keep it.
    func existingProfile(for ref: ControllerRef) -> Int {
        guard let index = profileIndex[Self.profileKey(ref)] else { preconditionFailure("no instance of \(ref) was made") }
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

    /// Labels share key 0; a class is its name's number plus one.
    private static func profileKey(_ ref: ControllerRef) -> Int { ref.address == nil ? 0 : Int(ref.interned.number) + 1 }
}
