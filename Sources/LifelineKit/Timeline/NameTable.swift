/// Observer names and processes as small numbers, for the compact forms of idle instances (class names and labels
/// are numbered already: `ControllerName`): a trace has a few hundred of these at most, however many instances.
struct NameTable: Sendable {
    private var names = Numbering<String>()
    private var processes = Numbering<ProcessKey>()

    /// The entry of `name`, made on first sight.
    mutating func id(_ name: String) -> UInt32 { names.id(name) }

    func name(_ id: UInt32) -> String { names[id] }

    mutating func id(_ process: ProcessKey) -> UInt32 { processes.id(process) }

    func existingID(_ process: ProcessKey) -> UInt32? { processes.existingID(process) }

    func process(_ id: UInt32) -> ProcessKey { processes[id] }

    /// Bytes held, roughly: the strings' storage and both directions of each map.
    var retainedBytes: Int {
        names.values.reduce(0) { $0 + $1.utf8.count + 48 } + processes.values.count * 64
    }
}

extension ProcessKey: QuickHashable {
    var quickHash: Int {
        let hash = QuickHash.mixing(Int64(pid ?? -1), into: QuickHash.seed)
        return QuickHash.finished(QuickHash.mixing(interned.map { Int64($0.number) } ?? -1, into: hash))
    }
}
