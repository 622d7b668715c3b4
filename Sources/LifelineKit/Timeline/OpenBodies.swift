/// Per thread (process + thread id): the callback whose body is open.
///
/// Threads get a slot on first sight. Consecutive events mostly come from one thread, so the last slot asked
/// for is checked first; most logs have a few threads, which are compared in place before the hash lookup. A slot
/// keeps its last body in place once closed, and the next one is written over it: nearly every event opens a body,
/// and this way none is allocated, moved or destroyed.
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
    /// The body of each thread, meaningful only while `isOpen` says so.
    private var bodies: [CallbackBody] = []
    private var isOpen: [Bool] = []
    private var lastSlot = -1

    /// The slot of `thread` of `process`, made on first sight. The last slot is checked first, field by field.
    /// Inlined: asked for every event, and mostly answered by the last slot.
    @inline(__always) mutating func slot(process: ProcessKey, thread: UInt64?) -> Int {
        if lastSlot >= 0, threads[lastSlot].thread == thread, threads[lastSlot].process.pid == process.pid,
           threads[lastSlot].process.interned == process.interned { return lastSlot }
        return slot(of: ThreadKey(process: process, thread: thread))
    }

    @inline(never) private mutating func slot(of thread: ThreadKey) -> Int {
        if let slot = find(thread) {
            lastSlot = slot
            return slot
        }
        lastSlot = threads.count
        index[thread] = lastSlot
        threads.append(thread)
        bodies.append(CallbackBody(callback: nil, line: 0, instance: InstanceKey(process: thread.process, ref: ControllerRef(name: ""))))
        isOpen.append(false)
        return lastSlot
    }

    /// The callback of the body open on `thread`, without making it a slot or moving the last-slot cache.
    func callback(on thread: ThreadKey) -> Callback? {
        if lastSlot >= 0, threads[lastSlot] == thread { return callback(lastSlot) }
        return find(thread).flatMap { callback($0) }
    }

    /// The slot of `thread`, if it has one. The first few threads are compared in place: hashing a key cost more.
    private func find(_ thread: ThreadKey) -> Int? {
        for slot in threads.indices.prefix(Self.threadsComparedInPlace) where threads[slot] == thread { return slot }
        return threads.count > Self.threadsComparedInPlace ? index[thread] : nil
    }

    private static let threadsComparedInPlace = 8

    /// The instance whose body is open on the thread in `slot`.
    func instance(_ slot: Int) -> InstanceKey? { isOpen[slot] ? bodies[slot].instance : nil }

    /// The instances whose bodies are open, one per thread at most.
    var openInstances: [InstanceKey] { bodies.indices.filter { isOpen[$0] }.map { bodies[$0].instance } }

    /// Whether the body open on the thread in `slot` is `key`'s.
    func isOpen(_ slot: Int, for key: InstanceKey) -> Bool { isOpen[slot] && bodies[slot].instance == key }

    /// The callback of the body open on the thread in `slot` (nil for none, or an observer line's).
    func callback(_ slot: Int) -> Callback? { isOpen[slot] ? bodies[slot].callback : nil }

    /// The instance whose body is open on the thread in `slot`, when a controller that loads there without a
    /// parent is its guest: the body is one of its loading or appearing callbacks.
    func host(_ slot: Int) -> InstanceKey? {
        guard isOpen[slot], let callback = bodies[slot].callback,
              [.`init`, .loadView, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear].contains(callback) else { return nil }
        return bodies[slot].instance
    }

    /// Opens a body of `callback` for `instance` on the thread in `slot` (whose previous body was closed).
    mutating func open(_ slot: Int, callback: Callback, line: Int, instance: InstanceKey) {
        Self.reopen(&bodies[slot], callback: callback, line: line, instance: instance)  // one access to the array, not five
        isOpen[slot] = true
    }

    private static func reopen(_ body: inout CallbackBody, callback: Callback, line: Int, instance: InstanceKey) {
        body.callback = callback
        body.line = line
        if body.instance != instance { body.instance = instance }
        if !body.touchedObservers.isEmpty { body.touchedObservers.removeAll(keepingCapacity: true) }
        if !body.removedObservers.isEmpty { body.removedObservers.removeAll(keepingCapacity: true) }
    }

    /// Notes an observer line inside the body open on the thread in `slot`.
    mutating func touch(_ slot: Int, _ kind: EventKind) {
        guard isOpen[slot] else { return }
        bodies[slot].touchedObservers.append(kind.observerName ?? "")
        if case .observerRemoved(let name) = kind { bodies[slot].removedObservers.append(name) }
    }

    /// Closes the body open on the thread in `slot`. Returns nil when none was open, else its callback and whether
    /// observer lines went by inside it (`lastBody` has the rest until the thread's next body opens).
    mutating func close(_ slot: Int) -> (callback: Callback?, touchedObservers: Bool)? {
        guard isOpen[slot] else { return nil }
        isOpen[slot] = false
        return (bodies[slot].callback, !bodies[slot].touchedObservers.isEmpty)
    }

    /// The body last closed on the thread in `slot`.
    func lastBody(_ slot: Int) -> CallbackBody { bodies[slot] }

    /// Slots of threads with an open body, ordered by process and thread (for the end of the trace).
    var openSlots: [Int] {
        isOpen.indices.filter { isOpen[$0] }.sorted {
            (threads[$0].process.description, threads[$0].thread ?? 0) < (threads[$1].process.description, threads[$1].thread ?? 0)
        }
    }
}
