/// Observer names and processes as small numbers, for the compact forms of idle instances (class names and labels
/// are numbered already: `ControllerName`): a trace has a few hundred of these at most, however many instances.
struct NameTable: Sendable {
    private var names = Numbering<String>()
    private var processes = Numbering<ProcessKey>()
    private var observerPairs = Numbering<ObserverPair>()

    /// The entry of `name`, made on first sight.
    mutating func id(_ name: String) -> UInt32 { names.id(name) }

    func name(_ id: UInt32) -> String { names[id] }

    mutating func id(_ process: ProcessKey) -> UInt32 { processes.id(process) }

    func existingID(_ process: ProcessKey) -> UInt32? { processes.existingID(process) }

    func process(_ id: UInt32) -> ProcessKey { processes[id] }

    /// The entry of resting observers by `names` (one or two), made on first sight.
    mutating func id(observers names: [String]) -> UInt32 {
        observerPairs.id(ObserverPair(first: id(names[0]), second: names.count > 1 ? id(names[1]) + 1 : 0))
    }

    /// The resting observers of entry `id`.
    func observers(_ id: UInt32) -> ObserverTable {
        let pair = observerPairs[id]
        return pair.second == 0 ? ObserverTable(resting: name(pair.first)) : ObserverTable(resting: name(pair.first), name(pair.second - 1))
    }

    /// Bytes held, roughly: the strings' storage and both directions of each map.
    var retainedBytes: Int {
        names.values.reduce(0) { $0 + $1.utf8.count + 48 } + processes.values.count * 64 + observerPairs.values.count * 24
    }
}

/// The names of an instance's resting observers: the first's entry, and the second's plus one (0: none).
private struct ObserverPair: QuickHashable, Sendable {
    var first: UInt32
    var second: UInt32

    var quickHash: Int { QuickHash.finished(QuickHash.mixing(Int64(first) << 32 | Int64(second), into: QuickHash.seed)) }
}

extension ProcessKey: QuickHashable {
    var quickHash: Int {
        let hash = QuickHash.mixing(Int64(pid ?? -1), into: QuickHash.seed)
        return QuickHash.finished(QuickHash.mixing(interned.map { Int64($0.number) } ?? -1, into: hash))
    }
}
