/// An instance's key in 16 bytes, for the compact forms (`IdleInstance`, `Tomb`): the address (0 for none), the
/// name's number (`ControllerName`) and the process's entry in the store's `NameTable`, shifted left by one, with
/// the low bit set for a key with an address.
struct CompactKey: Hashable, Sendable {
    private(set) var address: UInt64
    private(set) var name: UInt32
    private var processAndFlag: UInt32

    init(_ key: InstanceKey, process: UInt32) {
        address = key.ref.address ?? 0
        name = key.ref.interned.number
        processAndFlag = process << 1 | (key.ref.address == nil ? 0 : 1)
    }

    init(_ key: InstanceKey, names: inout NameTable) { self.init(key, process: names.id(key.process)) }

    /// No key (a label's, of name 0, in process 0), to fill rings with.
    init() { (address, name, processAndFlag) = (0, 0, 0) }

    var hasAddress: Bool { processAndFlag & 1 != 0 }

    /// The process's entry in the store's `NameTable`.
    var process: UInt32 { processAndFlag >> 1 }

    /// The key this was made from.
    func key(_ names: borrowing NameTable) -> InstanceKey { InstanceKey(process: names.process(process), ref: ref) }

    var ref: ControllerRef { ControllerRef(interned: ControllerName(number: name), address: hasAddress ? address : nil) }

    var hash: Int {
        var hash = (address ^ UInt64(name) << 40 ^ UInt64(processAndFlag) << 52) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash)
    }
}
