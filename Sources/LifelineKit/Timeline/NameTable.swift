/// Class names, labels, observer names and processes as small numbers, for the compact forms of idle
/// instances: a trace has a few hundred of these at most, however many instances it has.
struct NameTable: Sendable {
    private var names: [String] = []
    private var nameIDs: [String: UInt32] = [:]
    private var processes: [ProcessKey] = []
    private var processIDs: [ProcessKey: UInt32] = [:]

    /// The entry of `name`, made on first sight.
    mutating func id(_ name: String) -> UInt32 {
        if let id = nameIDs[name] { return id }
        names.append(name)
        nameIDs[name] = UInt32(names.count - 1)
        return UInt32(names.count - 1)
    }

    /// The entry of `name` if it has one.
    func existingID(_ name: String) -> UInt32? { nameIDs[name] }

    func name(_ id: UInt32) -> String { names[Int(id)] }

    mutating func id(_ process: ProcessKey) -> UInt32 {
        if let id = processIDs[process] { return id }
        processes.append(process)
        processIDs[process] = UInt32(processes.count - 1)
        return UInt32(processes.count - 1)
    }

    func existingID(_ process: ProcessKey) -> UInt32? { processIDs[process] }

    func process(_ id: UInt32) -> ProcessKey { processes[Int(id)] }

    /// Bytes held, roughly: the strings' storage and both directions of each map.
    var retainedBytes: Int {
        names.reduce(0) { $0 + $1.utf8.count + 48 } + processes.count * 64
    }
}
