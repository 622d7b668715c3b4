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

    /// The instance whose body is open on the thread in `slot`.
    func instance(_ slot: Int) -> InstanceKey? { bodies[slot]?.instance }

    /// Whether the body open on the thread in `slot` is `key`'s.
    func isOpen(_ slot: Int, for key: InstanceKey) -> Bool { bodies[slot]?.instance == key }

    /// The callback of the body open on the thread in `slot` (nil for none, or an observer line's).
    func callback(_ slot: Int) -> Callback? { bodies[slot]?.callback }

    /// The instance whose body is open on the thread in `slot`, when a controller that loads there without a
    /// parent is its guest (§5.5): the body is one of its loading or appearing callbacks.
    func host(_ slot: Int) -> InstanceKey? {
        guard let callback = bodies[slot]?.callback,
              [.`init`, .loadView, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear].contains(callback) else { return nil }
        return bodies[slot]?.instance
    }

    /// Opens `body` on the thread in `slot` (whose previous body was taken).
    mutating func open(_ slot: Int, _ body: CallbackBody) { bodies[slot] = body }

    /// Notes an observer line inside the body open on the thread in `slot`.
    mutating func touch(_ slot: Int, _ kind: EventKind) {
        guard bodies[slot] != nil else { return }
        bodies[slot]!.touchedObservers.append(kind.observerName ?? "")
        if case .observerRemoved(let name) = kind { bodies[slot]!.removedObservers.append(name) }
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
