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
    private let order: [UInt64]
    private var nextRecord = 0
    private var pending: HandOver<[Instance]>?

    /// `order` holds the records to visit, as `IdleStore.recordsBySerial` gives them.
    init(_ store: IdleStore, order: [UInt64], ahead: Bool) {
        self.store = store
        self.order = order
        if ahead, !order.isEmpty { pending = Self.start(store, Array(order[batch(from: 0)]), freeing: []) }
    }

    /// The records of the batch that starts at `start` in `order`.
    private func batch(from start: Int) -> Range<Int> { start..<min(start + Self.size, order.count) }

    /// The next batch, in serial order; nil after the last. `done`, the instances of the batch before, is freed
    /// meanwhile.
    mutating func next(freeing done: consuming [Instance]) -> [Instance]? {
        guard nextRecord < order.count else { return nil }
        let records = batch(from: nextRecord)
        nextRecord = records.upperBound
        guard let ready = pending else { return Self.build(store, order[records]) }
        let made = ready.take()  // waits for it
        let following = batch(from: nextRecord)
        pending = following.isEmpty ? nil : Self.start(store, Array(order[following]), freeing: done)
        return made
    }

    private static func build(_ store: IdleStore, _ records: some BidirectionalCollection<UInt64>) -> [Instance] {
        records.map { store.instance(record: UInt32(truncatingIfNeeded: $0)) }
    }

    /// Makes `records`' instances on a thread of the system's pool (a batch is too small to pay for a thread of its
    /// own, as `inParallel` starts), where `done` is freed first.
    private static let queue = DispatchQueue(label: "lifeline.idle-batches")

    private static func start(_ store: IdleStore, _ records: [UInt64], freeing done: consuming [Instance]) -> HandOver<[Instance]> {
        let made = HandOver<[Instance]>()
        queue.async { [done] in
            _ = done  // released with this closure, on this thread
            made.put(build(store, records))
        }
        return made
    }
}
