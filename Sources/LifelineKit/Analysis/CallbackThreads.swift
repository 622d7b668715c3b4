/// Which lines of a chunk can be logged inside a callback some late app event pattern cares about
/// (`LateAppEvents`), decided by the parser without the timeline: per thread (process name, pid, thread id, as
/// `OpenBodies` keys them), the last callback logged there in the chunk so far. A line on a thread whose last
/// callback in the chunk is outside those callbacks is not kept; a line before its thread's first callback in
/// the chunk depends on the chunks before, which only the in-order stage knows (once per thread and chunk).
///
/// Exact, as the timeline opens a body for every callback event of a class it does not ignore: callbacks of
/// ignored classes leave the state as it was, and a callback without a controller leaves it uncertain.
struct CallbackThreads {
    /// What the parser knows about the callback running on a line's thread.
    enum State: UInt8, Sendable {
        /// Nothing yet in this chunk: the callback running when the chunk starts (asked once per thread and chunk).
        case atChunkStart
        /// One of the callbacks that matter, as far as this chunk shows: checked line by line.
        case inside
        /// Another callback: the line is not kept.
        case outside
        /// A callback the parser cannot place (no controller): checked line by line.
        case uncertain
    }

    /// A thread, as the in-order stage asks the timeline about it.
    struct Thread: Sendable {
        var process: ProcessKey
        var thread: UInt64?
    }

    private let inside: CallbackSet
    /// The callback running on a thread when the chunk starts, when the parser runs in order with the timeline
    /// (one parser, each chunk parsed just before the timeline takes it): then no line waits for the in-order stage
    /// to ask.
    var runningAtChunkStart: ((ProcessKey, UInt64?) -> Callback?)?
    private var ignoredClasses: ClassFilter?
    /// This chunk's threads, their process names' bytes and states; `threads` goes out with the parsed chunk.
    private(set) var threads: [Thread] = []
    private var names: [[UInt8]?] = []
    private var states: [State] = []
    private var index: [Key: Int] = [:]
    private var last = -1

    private struct Key: Hashable {
        var name: [UInt8]?
        var pid: Int32?
        var thread: UInt64?
    }

    init(inside: CallbackSet, ignoredClasses: [String]) {
        self.inside = inside
        self.ignoredClasses = ignoredClasses.isEmpty ? nil : ClassFilter(patterns: ignoredClasses)
    }

    /// Forgets the threads: a new chunk (or piece of one) starts.
    mutating func startChunk() {
        threads.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        states.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        last = -1
    }

    /// A callback logged on a thread: lines after it there are inside or outside by it.
    mutating func note(_ callback: Callback, controller: ControllerRef?, name: some Collection<UInt8>, hasName: Bool,
                       pid: Int32?, thread: UInt64?, process: @autoclosure () -> ProcessKey) {
        let slot = self.slot(name: name, hasName: hasName, pid: pid, thread: thread, process: process())
        guard let controller else {
            states[slot] = .uncertain
            return
        }
        if ignoredClasses?.matches(controller.name) == true { return }
        states[slot] = inside.contains(callback) ? .inside : .outside
    }

    /// The thread (its index in `threads`) and state of a line that is not an event, or nil when it cannot be
    /// inside a callback that matters.
    mutating func place(name: some Collection<UInt8>, hasName: Bool, pid: Int32?, thread: UInt64?,
                        process: @autoclosure () -> ProcessKey) -> (thread: Int, state: State)? {
        let slot = self.slot(name: name, hasName: hasName, pid: pid, thread: thread, process: process())
        return states[slot] == .outside ? nil : (slot, states[slot])
    }

    private mutating func slot(name: some Collection<UInt8>, hasName: Bool, pid: Int32?, thread: UInt64?,
                               process: @autoclosure () -> ProcessKey) -> Int {
        if last >= 0, matches(last, name, hasName, pid, thread) { return last }
        if threads.count <= 8 {  // most logs have a few threads: compared in place, no key is made
            for slot in threads.indices where matches(slot, name, hasName, pid, thread) {
                last = slot
                return slot
            }
            if threads.count < 8 { return add(name, hasName, pid, thread, process()) }
        }
        let key = Key(name: hasName ? Array(name) : nil, pid: pid, thread: thread)
        if let slot = index[key] {
            last = slot
            return slot
        }
        let slot = add(name, hasName, pid, thread, process())
        index[key] = slot
        return slot
    }

    private mutating func add(_ name: some Collection<UInt8>, _ hasName: Bool, _ pid: Int32?, _ thread: UInt64?,
                              _ process: ProcessKey) -> Int {
        if threads.count == 8 {  // from now on looked up by key: the first eight get theirs
            for slot in threads.indices { index[Key(name: names[slot], pid: threads[slot].process.pid, thread: threads[slot].thread)] = slot }
        }
        threads.append(Thread(process: process, thread: thread))
        names.append(hasName ? Array(name) : nil)
        if let runningAtChunkStart {
            states.append(runningAtChunkStart(process, thread).map(inside.contains) == true ? .inside : .outside)
        } else {
            states.append(.atChunkStart)
        }
        last = threads.count - 1
        return last
    }

    private func matches(_ slot: Int, _ name: some Collection<UInt8>, _ hasName: Bool, _ pid: Int32?, _ thread: UInt64?) -> Bool {
        guard threads[slot].thread == thread, threads[slot].process.pid == pid else { return false }
        guard let stored = names[slot] else { return !hasName }
        return hasName && stored.elementsEqual(name)
    }
}
