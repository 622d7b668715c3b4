/// Identifies a controller key within one trace: the same key may hold several instances over time.
public struct InstanceKey: Hashable, Sendable {
    public var process: ProcessKey
    public var ref: ControllerRef

    /// Hashes the address and pid, which tell instances apart, and names only for address-less labels:
    /// hashing a class name's bytes on every lookup dominated the engine's profile.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(process.pid)
        hasher.combine(ref.address)
        if ref.address == nil { hasher.combine(ref.interned) }
    }

    /// The identifier of the key's `generation`th instance: `Shop[4089]/Shop.CartViewController@0x7fa1c8d0a200#1`.
    public func id(generation: Int) -> String {
        let place = ref.addressText.map { "\(ref.name)@\($0)" } ?? ref.name
        return "\(process)/\(place)#\(generation)"
    }

    /// How reports label the key's `generation`th instance: `Class 0xADDR`, `#2` appended for a later instance at a
    /// reused address, or the logged label (timeline lanes and the screen timings that link to them).
    public func label(generation: Int) -> String {
        let base = ref.addressText.map { "\(ref.name) \($0)" } ?? ref.name
        return generation > 1 ? "\(base) #\(generation)" : base
    }

    /// Addresses and pids first: they differ far more often than names, and cost less to compare. Inlined: the
    /// engine compares keys on every event.
    @inline(__always)
    public static func == (lhs: InstanceKey, rhs: InstanceKey) -> Bool {
        lhs.ref.address == rhs.ref.address && lhs.process.pid == rhs.process.pid
            && lhs.ref.interned == rhs.ref.interned && lhs.process.interned == rhs.process.interned
    }
}
