/// An instance at rest, in the fewest bytes that still let a later callback be judged exactly as before: it is
/// disappeared, with no transition or containment move pending and no observer registered. Most apps never
/// log dealloc, so every controller they ever showed ends up like this; the tracker keeps those in this form
/// (`IdleStore`), and `Instance(self, …)` gives back the very instance that went in.
///
/// Its key and marks are encoded as a dead instance's (`CompactKey`, `CompactMark`); its class's profile is not
/// kept, as the timeline finds it again from the key (`TimelineFacts.existingProfile(for:)`). Lines, serials and
/// evidence positions are 32-bit (0 for none); an instance whose numbers do not fit stays in full form.
/// `IdleInstanceTests` sets every property of an instance and checks that each comes back.
struct IdleInstance: Sendable {
    var key: CompactKey
    var parentAddress: UInt64
    /// The parent's name number plus one (0: no parent).
    var parentName: UInt32
    var serial: UInt32
    var generation: UInt32
    var loggedCallbacks: CallbackSet
    var initLine: UInt32
    var loadViewLine: UInt32
    var viewDidLoadLine: UInt32
    var lastLine: UInt32
    var evidence: CompactEvidence
    /// Resting observers (count 0), as their entry in the store's `NameTable` plus one (0: none).
    var observers: UInt32
    var willAppear: CompactMark
    var willDisappear: CompactMark
    var removal: CompactMark
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
        static let parentHasAddress = Flags(rawValue: 1 << 5)
    }

    /// Whether `instance` is at rest but for its observers, which must all be resting (`Instance.restObservers`), and
    /// its numbers fit.
    static func canHold(_ instance: borrowing Instance) -> Bool {
        // Every line number is at most `lastLine`, so it fits when that does.
        instance.appearance == .disappeared && instance.dealloc == nil && instance.pendingMove == nil
            && instance.observers.count <= 2 && instance.compactNumbersFit && CompactMark.fits(instance.willAppear)
            && CompactMark.fits(instance.willDisappear) && CompactMark.fits(instance.removal)
    }

    /// The compact form of `instance`, or nil when it is not at rest or its numbers do not fit.
    init?(_ instance: borrowing Instance, names: inout NameTable) {
        guard Self.canHold(instance), !instance.observers.containsEntry(where: { $0 != ObserverEntry() }) else { return nil }
        key = CompactKey(instance.key, names: &names)
        parentName = instance.parent.map { $0.interned.number + 1 } ?? 0
        parentAddress = instance.parent?.address ?? 0
        serial = UInt32(instance.serial)
        generation = UInt32(instance.generation)
        loggedCallbacks = instance.loggedCallbacks
        initLine = Self.line(instance.initLine)
        loadViewLine = Self.line(instance.loadViewLine)
        viewDidLoadLine = Self.line(instance.viewDidLoadLine)
        lastLine = UInt32(instance.lastLine)
        evidence = CompactEvidence(instance.evidence)
        let observerNames = instance.observers.keys  // at most two (checked above)
        observers = observerNames.isEmpty ? 0 : names.id(observers: observerNames) + 1
        willAppear = CompactMark(instance.willAppear)
        willDisappear = CompactMark(instance.willDisappear)
        removal = CompactMark(instance.removal)
        var flags: Flags = []
        if instance.seenFromBirth { flags.insert(.seenFromBirth) }
        if instance.appearanceKnown { flags.insert(.appearanceKnown) }
        if instance.everAppeared { flags.insert(.everAppeared) }
        if instance.appearedOrLaidOut { flags.insert(.appearedOrLaidOut) }
        if instance.didMoveToNil { flags.insert(.didMoveToNil) }
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
    /// The instance `idle` was made from, whose class's profile is `profile`. Every property is set here, once, and
    /// resting observers are made in one go: through `init(serial:key:generation:profile:)` and the table's
    /// subscript, the end of a trace spent about 480 instructions more on each idle instance.
    init(_ idle: IdleInstance, names: borrowing NameTable, profile: Int) {
        serial = Int(idle.serial)
        key = idle.key.key(names)
        generation = Int(idle.generation)
        self.profile = profile
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
        observers = idle.observers == 0 ? ObserverTable() : names.observers(idle.observers - 1)
        loggedCallbacks = idle.loggedCallbacks
        evidence = idle.evidence.position
        lastLine = Int(idle.lastLine)
    }
}
