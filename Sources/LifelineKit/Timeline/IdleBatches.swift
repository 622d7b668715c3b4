import Dispatch

/// The instances at rest at the end of a trace, made back into `Instance`s a batch at a time, in serial order.
///
/// With `ahead`, each batch is made on another thread while the caller judges the batch before it, and the batches
/// the caller hands back are freed there too. The end of a trace runs on one thread while the parsing threads have
/// stopped, and making and freeing instances was half of its time. Reading the store from two threads is safe: it
/// is a value, and nothing changes it until the last batch is judged.
struct IdleBatches {
    /// Instances per batch: a few hundred kilobytes.
    static let size = 1024

    private let store: IdleStore
    private let facts: TimelineFacts
    private let order: [UInt32]
    private var nextRecord = 0
    private var pending: HandOver<[Instance]>?
    /// Where batches are made ahead, and freed: a serial queue of this end of trace's own, so that its blocks mostly
    /// run on one thread, whose heap then serves both. Made on one pool thread and freed on another, `malloc` and
    /// `free` took about half of their time (500 MB no-dealloc trace); on one thread, about a fifth.
    private let queue: DispatchQueue?

    /// `order` holds the records to visit, as `IdleStore.recordsBySerial` gives them.
    init(_ store: IdleStore, facts: TimelineFacts, order: [UInt32], ahead: Bool) {
        self.store = store
        self.facts = facts
        self.order = order
        queue = ahead && !order.isEmpty ? DispatchQueue(label: "lifeline.idle-batches") : nil
        if let queue { pending = Self.start(store, facts, Array(order[batch(from: 0)]), freeing: [], on: queue) }
    }

    /// The records of the batch that starts at `start` in `order`.
    private func batch(from start: Int) -> Range<Int> { start..<min(start + Self.size, order.count) }

    /// The next batch, in serial order; nil after the last. `done`, the instances of the batch before, is freed
    /// meanwhile.
    mutating func next(freeing done: consuming [Instance]) -> [Instance]? {
        guard nextRecord < order.count else { return nil }
        let records = batch(from: nextRecord)
        nextRecord = records.upperBound
        guard let ready = pending, let queue else { return Self.build(store, facts, order[records]) }
        let made = ready.take()  // waits for it
        let following = batch(from: nextRecord)
        pending = following.isEmpty ? nil : Self.start(store, facts, Array(order[following]), freeing: done, on: queue)
        return made
    }

    private static func build(_ store: IdleStore, _ facts: TimelineFacts, _ records: some Collection<UInt32>) -> [Instance] {
        records.map { store.instance(record: $0, facts: facts) }
    }

    /// Makes `records`' instances on `queue` (a batch is too small to pay for a thread of its own, as `inParallel`
    /// starts), where `done` is freed first.
    private static func start(_ store: IdleStore, _ facts: TimelineFacts, _ records: [UInt32], freeing done: consuming [Instance],
                              on queue: DispatchQueue) -> HandOver<[Instance]> {
        let made = HandOver<[Instance]>()
        queue.async { [done] in
            _ = done  // released with this closure, on this thread
            made.put(build(store, facts, records))
        }
        return made
    }
}
