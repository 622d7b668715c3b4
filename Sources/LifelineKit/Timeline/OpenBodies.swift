/// Per thread (process + thread id): the callback whose body is open (§7.4).
///
/// Threads get a slot on first sight. Consecutive events mostly come from one thread, so the last slot asked
/// for is checked before the hash lookup.
struct OpenBodies {
    struct ThreadKey: Hashable {
        var process: ProcessKey
        var thread: UInt64?

        func hash(into hasher: inout Hasher) {
            hasher.combine(process.pid)
            hasher.combine(thread)
        }
    }

    private var index: [ThreadKey: Int] = [:]
    private var threads: [ThreadKey] = []
    private var bodies: [CallbackBody?] = []
    private var lastSlot = -1

    /// The slot of `thread`, made on first sight.
    mutating func slot(of thread: ThreadKey) -> Int {
        if lastSlot >= 0, threads[lastSlot] == thread { return lastSlot }
        if let slot = index[thread] {
            lastSlot = slot
            return slot
        }
        lastSlot = threads.count
        index[thread] = lastSlot
        threads.append(thread)
        bodies.append(nil)
        return lastSlot
    }

    subscript(slot: Int) -> CallbackBody? {
        get { bodies[slot] }
        _modify { yield &bodies[slot] }
    }

    /// Moves the open body of a thread out, leaving none.
    mutating func take(_ slot: Int) -> CallbackBody? { bodies[slot].take() }

    /// Slots of threads with an open body, ordered by process and thread (for the end of the trace).
    var openSlots: [Int] {
        bodies.indices.filter { bodies[$0] != nil }.sorted {
            (threads[$0].process.description, threads[$0].thread ?? 0) < (threads[$1].process.description, threads[$1].thread ?? 0)
        }
    }
}
