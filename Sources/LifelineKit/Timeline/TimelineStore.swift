/// The timeline so far: every instance of the trace, in full form (`live`) or at rest (`idle`), the dead
/// (`tombstones`), the text of their recent lines (`arena`) and what the trace as a whole has shown (`facts`).
///
/// A value that the tracker owns and writes; it lends it to its judge for each call (`TimelineLoan`).
struct TimelineStore {
    var live = InstanceTable()
    var idle = IdleStore()
    var tombstones = TombstoneStore(capacity: 100_000)
    var arena: EvidenceArena
    var facts = TimelineFacts()

    init(evidenceCapacity: Int = EvidenceArena.defaultCapacity) {
        arena = EvidenceArena(capacity: evidenceCapacity)
    }

    /// Moves the instance in `slot` on by `event`, keeps the event's line as its newest evidence, and notes a
    /// callback its class logs. The instance is reached once for all of it.
    mutating func apply(_ event: LifecycleEvent, line: EventLine, to slot: Int, scope: Callback?) {
        Self.apply(event, line: line, to: &live[slot], arena: &arena, facts: &facts, scope: scope)
    }

    private static func apply(_ event: LifecycleEvent, line: EventLine, to instance: inout Instance, arena: inout EvidenceArena,
                              facts: inout TimelineFacts, scope: Callback?) {
        instance.apply(event, line: line, scope: scope)
        let previous = instance.evidence
        instance.evidence = arena.append(line: event.line, bytes: line.bytes, after: previous)
        if let callback = event.kind.callback, !instance.loggedCallbacks.contains(callback) {
            instance.loggedCallbacks.insert(callback)  // the class profile already has what the instance logged
            facts.recordLogged(callback, profile: instance.profile)
        }
    }

    /// The instance at `key` that is not deallocated, in full form or at rest; nil for the one in slot `hidden`
    /// (lent to a judge).
    func instance(_ key: InstanceKey, hiding hidden: Int? = nil) -> Instance? {
        if let slot = live.slot(of: key) { return slot == hidden ? nil : live.instance(in: slot) }
        return idle.instance(key, facts: facts)
    }

    /// The last lines of a timeline (at most `Instance.evidenceDepth`) up to the one at `newest`, oldest first.
    func recentLines(endingAt newest: EvidenceArena.Position?) -> [EvidenceLine] {
        arena.lines(endingAt: newest, depth: Instance.evidenceDepth)
    }
}
