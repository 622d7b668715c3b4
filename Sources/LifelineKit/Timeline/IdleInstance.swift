/// An instance at rest, in the fewest bytes that still let a later callback be judged exactly as before: it is
/// disappeared, with no transition or containment move pending and no observer registered. Most apps never
/// log dealloc, so every controller they ever showed ends up like this; the tracker keeps those in this form
/// (`IdleStore`), and `Instance(self, …)` gives back the very instance that went in.
///
/// Lines and serials are 32-bit (0 for none); an instance whose numbers do not fit stays in full form.
struct IdleInstance: Sendable {
    // The key: its address, the name's number (`ControllerName`) and the process's entry in the store's `NameTable`.
    var address: UInt64
    var name: UInt32
    var process: UInt32
    var serial: UInt32
    var generation: UInt32
    var profile: UInt32
    var loggedCallbacks: CallbackSet
    var initLine: UInt32
    var loadViewLine: UInt32
    var viewDidLoadLine: UInt32
    var lastLine: UInt32
    var willAppear: CompactMark
    var willDisappear: CompactMark
    var removal: CompactMark
    var evidence: Int
    /// The parent's name number plus one (0: no parent) and address.
    var parentName: UInt32
    var parentAddress: UInt64
    /// Resting observers (count 0), by name entry plus one (0: none).
    var observers: (UInt32, UInt32)
    var flags: Flags
    var lastAppearanceCallback: CompactCallback
    var otherObjectsDid: CompactCallback

    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        static let seenFromBirth = Flags(rawValue: 1 << 0)
        static let appearanceKnown = Flags(rawValue: 1 << 1)
        static let everAppeared = Flags(rawValue: 1 << 2)
        static let appearedOrLaidOut = Flags(rawValue: 1 << 3)
        static let didMoveToNil = Flags(rawValue: 1 << 4)
        static let keyHasAddress = Flags(rawValue: 1 << 5)
        static let parentHasAddress = Flags(rawValue: 1 << 6)
    }

    /// Whether `instance` is at rest but for its observers, which must all be resting (`Instance.restObservers`), and
    /// its numbers fit.
    static func canHold(_ instance: borrowing Instance) -> Bool {
        // Every line number is at most `lastLine`, so it fits when that does.
        instance.appearance == .disappeared && instance.dealloc == nil && instance.pendingMove == nil
            && instance.observers.count <= 2 && UInt32(exactly: instance.serial) != nil && UInt32(exactly: instance.generation) != nil
            && UInt32(exactly: instance.lastLine) != nil
    }

    /// The compact form of `instance`, or nil when it is not at rest or its numbers do not fit.
    init?(_ instance: borrowing Instance, names: inout NameTable) {
        guard Self.canHold(instance), !instance.observers.containsEntry(where: { $0 != ObserverEntry() }) else { return nil }
        let key = instance.key
        address = key.ref.address ?? 0
        name = key.ref.interned.number
        process = names.id(key.process)
        serial = UInt32(instance.serial)
        generation = UInt32(instance.generation)
        profile = UInt32(instance.profile)
        loggedCallbacks = instance.loggedCallbacks
        initLine = Self.line(instance.initLine)
        loadViewLine = Self.line(instance.loadViewLine)
        viewDidLoadLine = Self.line(instance.viewDidLoadLine)
        lastLine = UInt32(instance.lastLine)
        willAppear = CompactMark(instance.willAppear)
        willDisappear = CompactMark(instance.willDisappear)
        removal = CompactMark(instance.removal)
        evidence = instance.evidence ?? -1
        parentName = instance.parent.map { $0.interned.number + 1 } ?? 0
        parentAddress = instance.parent?.address ?? 0
        let observerNames = instance.observers.keys  // at most two (checked above)
        observers = (observerNames.isEmpty ? 0 : names.id(observerNames[0]) + 1, observerNames.count > 1 ? names.id(observerNames[1]) + 1 : 0)
        var flags: Flags = []
        if instance.seenFromBirth { flags.insert(.seenFromBirth) }
        if instance.appearanceKnown { flags.insert(.appearanceKnown) }
        if instance.everAppeared { flags.insert(.everAppeared) }
        if instance.appearedOrLaidOut { flags.insert(.appearedOrLaidOut) }
        if instance.didMoveToNil { flags.insert(.didMoveToNil) }
        if key.ref.address != nil { flags.insert(.keyHasAddress) }
        if instance.parent?.address != nil { flags.insert(.parentHasAddress) }
        self.flags = flags
        lastAppearanceCallback = CompactCallback(instance.lastAppearanceCallback)
        otherObjectsDid = CompactCallback(instance.otherObjectsDid)
    }

    private static func line(_ line: Int?) -> UInt32 { line.map { UInt32($0) } ?? 0 }

    /// A stored line number back as an optional (0: none).
    fileprivate static func line(_ value: UInt32) -> Int? { value == 0 ? nil : Int(value) }
}

extension Instance {
    /// The instance `idle` was made from. Every property is set here, once, and resting observers are made in one
    /// go: through `init(serial:key:generation:profile:)` and the table's subscript, the end of a trace spent about
    /// 480 instructions more on each idle instance.
    init(_ idle: IdleInstance, names: borrowing NameTable) {
        serial = Int(idle.serial)
        key = InstanceKey(process: names.process(idle.process),
                          ref: ControllerRef(interned: ControllerName(number: idle.name),
                                             address: idle.flags.contains(.keyHasAddress) ? idle.address : nil))
        generation = Int(idle.generation)
        profile = Int(idle.profile)
        seenFromBirth = idle.flags.contains(.seenFromBirth)
        initLine = IdleInstance.line(idle.initLine)
        loadViewLine = IdleInstance.line(idle.loadViewLine)
        viewDidLoadLine = IdleInstance.line(idle.viewDidLoadLine)
        appearedOrLaidOut = idle.flags.contains(.appearedOrLaidOut)
        appearance = .disappeared
        appearanceKnown = idle.flags.contains(.appearanceKnown)
        everAppeared = idle.flags.contains(.everAppeared)
        lastAppearanceCallback = idle.lastAppearanceCallback.callback
        otherObjectsDid = idle.otherObjectsDid.callback
        willAppear = idle.willAppear.mark
        willDisappear = idle.willDisappear.mark
        dealloc = nil
        parent = idle.parentName == 0 ? nil : ControllerRef(interned: ControllerName(number: idle.parentName - 1),
                                                            address: idle.flags.contains(.parentHasAddress) ? idle.parentAddress : nil)
        pendingMove = nil
        removal = idle.removal.mark
        didMoveToNil = idle.flags.contains(.didMoveToNil)
        switch idle.observers {
        case (0, _): observers = ObserverTable()
        case (let first, 0): observers = ObserverTable(resting: names.name(first - 1))
        case (let first, let second): observers = ObserverTable(resting: names.name(first - 1), names.name(second - 1))
        }
        loggedCallbacks = idle.loggedCallbacks
        evidence = idle.evidence < 0 ? nil : idle.evidence
        lastLine = Int(idle.lastLine)
    }
}

/// A `Mark` in 16 bytes: line (0: no mark), callback, and time.
struct CompactMark: Sendable {
    private var line: UInt32
    private var callback: CompactCallback
    private var hasOffset: Bool
    private var yearUnknown: Bool
    private var microseconds: Int64

    private static let noTime = Int64.min

    init(_ mark: Mark?) {
        line = mark.map { UInt32($0.line) } ?? 0
        callback = CompactCallback(mark?.callback)
        hasOffset = mark?.time?.hasOffset ?? false
        yearUnknown = mark?.time?.yearUnknown ?? false
        microseconds = mark?.time?.microseconds ?? Self.noTime
    }

    var mark: Mark? {
        guard line != 0 else { return nil }
        let time = microseconds == Self.noTime ? nil : TraceTime(microseconds: microseconds, hasOffset: hasOffset, yearUnknown: yearUnknown)
        return Mark(line: Int(line), time: time, callback: callback.callback)
    }
}

/// An optional `Callback` in one byte.
struct CompactCallback: Sendable {
    private var ordinal: UInt8

    init(_ callback: Callback?) { ordinal = callback.map { UInt8($0.ordinal) } ?? .max }

    var callback: Callback? { ordinal == .max ? nil : Callback.byOrdinal[Int(ordinal)] }
}
