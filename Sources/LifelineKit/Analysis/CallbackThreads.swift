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
    /// This chunk's threads, their states, and how each is told apart; `threads` goes out with the parsed chunk.
    private(set) var threads: [Thread] = []
    private var states: [State] = []
    private var identities: [Identity] = []
    /// The process names of `identities`, end to end.
    private var nameBytes: [UInt8] = []
    private var index: [Key: Int] = [:]
    /// The slot last found for each hash of a thread id and pid: lines of a few threads interleave, and most are
    /// found here with one comparison.
    private var recent = [Int32](repeating: -1, count: 64)

    /// A thread as lines name it: its thread id and pid (0 with a flag when absent), and its process name: the
    /// first eight bytes as one number, and all of them in `nameBytes` (count -1: no name). Compared on every
    /// line, so kept flat: a name of eight bytes or fewer is compared as one number.
    private struct Identity {
        var thread: UInt64
        var nameHead: UInt64
        var pid: Int32
        var absent: UInt8  // bit 0: no thread id, bit 1: no pid
        var nameStart: Int32
        var nameCount: Int32

        init(thread: UInt64?, pid: Int32?, name: Bytes?) {
            self.thread = thread ?? 0
            self.pid = pid ?? 0
            absent = (thread == nil ? 1 : 0) | (pid == nil ? 2 : 0)
            nameStart = 0
            nameCount = Int32(truncatingIfNeeded: name?.count ?? -1)
            nameHead = name.map(Self.head) ?? 0
        }

        /// The first eight bytes of `name` (zero above a shorter one's last) as a little-endian number.
        @inline(__always)
        private static func head(_ name: Bytes) -> UInt64 {
            name.baseAddress.map { $0.littleEndianWord(count: min(name.count, 8)) } ?? 0
        }
    }

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
        states.removeAll(keepingCapacity: true)
        identities.removeAll(keepingCapacity: true)
        nameBytes.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
        for slot in recent.indices { recent[slot] = -1 }
    }

    /// A callback logged on a thread: lines after it there are inside or outside by it. `name` is the process
    /// name's bytes, nil when the line names none.
    mutating func note(_ callback: Callback, controller: ControllerRef?, name: Bytes?, pid: Int32?, thread: UInt64?,
                       process: @autoclosure () -> ProcessKey) {
        let slot = self.slot(name: name, pid: pid, thread: thread, process: process())
        guard let controller else {
            states[slot] = .uncertain
            return
        }
        if ignoredClasses?.matches(controller.name) == true { return }
        states[slot] = inside.contains(callback) ? .inside : .outside
    }

    /// The thread (its index in `threads`) and state of a line that is not an event, or nil when it cannot be
    /// inside a callback that matters.
    mutating func place(name: Bytes?, pid: Int32?, thread: UInt64?, process: @autoclosure () -> ProcessKey) -> (thread: Int, state: State)? {
        let slot = self.slot(name: name, pid: pid, thread: thread, process: process())
        return states[slot] == .outside ? nil : (slot, states[slot])
    }

    @inline(__always)
    private mutating func slot(name: Bytes?, pid: Int32?, thread: UInt64?, process: @autoclosure () -> ProcessKey) -> Int {
        let wanted = Identity(thread: thread, pid: pid, name: name)
        let hash = Int(truncatingIfNeeded: ((wanted.thread ^ UInt64(UInt32(bitPattern: wanted.pid))) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        let cached = Int(recent[hash])
        if cached >= 0, matches(cached, wanted, name) { return cached }
        let slot = find(wanted, name, process())
        recent[hash] = Int32(truncatingIfNeeded: slot)
        return slot
    }

    @inline(never)
    private mutating func find(_ wanted: Identity, _ name: Bytes?, _ process: @autoclosure () -> ProcessKey) -> Int {
        if identities.count <= 8 {  // most logs have a few threads: compared in place, no key is made
            for slot in identities.indices where matches(slot, wanted, name) { return slot }
            if identities.count < 8 { return add(wanted, name, process()) }
        }
        let key = Key(name: name.map(Array.init), pid: wanted.absent & 2 == 0 ? wanted.pid : nil, thread: wanted.absent & 1 == 0 ? wanted.thread : nil)
        if let slot = index[key] { return slot }
        let slot = add(wanted, name, process())
        index[key] = slot
        return slot
    }

    private mutating func add(_ wanted: Identity, _ name: Bytes?, _ process: ProcessKey) -> Int {
        if identities.count == 8 {  // from now on looked up by key: the first eight get theirs
            for slot in identities.indices { index[key(of: slot)] = slot }
        }
        var identity = wanted
        identity.nameStart = Int32(truncatingIfNeeded: nameBytes.count)
        if let name { nameBytes.append(contentsOf: name) }
        identities.append(identity)
        threads.append(Thread(process: process, thread: wanted.absent & 1 == 0 ? wanted.thread : nil))
        if let runningAtChunkStart {
            states.append(runningAtChunkStart(process, threads[threads.count - 1].thread).map(inside.contains) == true ? .inside : .outside)
        } else {
            states.append(.atChunkStart)
        }
        return identities.count - 1
    }

    private func key(of slot: Int) -> Key {
        let identity = identities[slot]
        let name = identity.nameCount < 0 ? nil : Array(nameBytes[Int(identity.nameStart)..<Int(identity.nameStart + identity.nameCount)])
        return Key(name: name, pid: identity.absent & 2 == 0 ? identity.pid : nil, thread: identity.absent & 1 == 0 ? identity.thread : nil)
    }

    @inline(__always)
    private func matches(_ slot: Int, _ wanted: Identity, _ name: Bytes?) -> Bool {
        let stored = identities[slot]
        guard stored.thread == wanted.thread, stored.pid == wanted.pid, stored.absent == wanted.absent,
              stored.nameCount == wanted.nameCount, stored.nameHead == wanted.nameHead else { return false }
        guard let name, name.count > 8 else { return true }
        return nameBytes.withUnsafeBufferPointer { bytes in
            let start = Int(stored.nameStart)
            for offset in 8..<name.count where bytes[start + offset] != name[offset] { return false }
            return true
        }
    }
}
