/// An optional evidence position (`Instance.evidence`) in 32 bits, for the compact forms of instances
/// (`IdleInstance`, `Tomb`): the position plus one, 0 for none.
struct CompactEvidence: Sendable {
    private var stored: UInt32

    /// `position` must fit (`Instance.compactNumbersFit`).
    init(_ position: EvidenceArena.Position?) { stored = position.map { UInt32($0 + 1) } ?? 0 }

    var position: EvidenceArena.Position? { stored == 0 ? nil : Int(stored) - 1 }
}

extension Instance {
    /// Whether the numbers both compact forms keep in 32 bits fit: serial, generation, evidence position and last
    /// line (every other line of the instance, its marks' too, is at most that). An instance whose numbers do not
    /// fit is kept whole.
    var compactNumbersFit: Bool {
        UInt32(exactly: serial) != nil && UInt32(exactly: generation) != nil && UInt32(exactly: lastLine) != nil
            && (evidence ?? 0) < Int(UInt32.max)
    }
}
