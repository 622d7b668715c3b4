#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the label dialect made of the text before a callback word, for the texts seen lately. Plain logs repeat a
/// few labels with the same text before each callback (`VC2 viewDidLoad`, `VC2 viewWillAppear`), and reading a label
/// (its scalars, separators, file names and prose words) costs some 40 times as much as comparing its text again.
/// Direct-mapped by a hash of the text; a text longer than `longestText` is not kept.
struct RecentLabels: Sendable {
    /// A label, or no label of the dialect's shape (`[DEBUG] viewDidLoad()`: a tag). A text rejected as prose is
    /// not kept: its reason is made again.
    enum Reading: Sendable {
        case label(ControllerRef)
        case noLabel
    }

    /// Per slot: the text's length plus one (0: empty), whether it was read beside a common callback word (which
    /// also asks that the label look like a controller), its bytes and its reading.
    private var lengths: [Int]
    private var common: [Bool]
    private var texts: [UInt8]
    private var readings: [Reading]

    private static let slots = 256, longestText = 48

    /// Keeps nothing when `keeps` is false (one-off parses).
    init(keeps: Bool = true) {
        let slots = keeps ? Self.slots : 0
        lengths = Array(repeating: 0, count: slots)
        common = Array(repeating: false, count: slots)
        texts = Array(repeating: 0, count: slots * Self.longestText)
        readings = Array(repeating: .noLabel, count: slots)
    }

    /// The reading of `text` beside a callback word as common as this one, when it was read lately.
    func reading(of text: Bytes, common isCommon: Bool) -> Reading? {
        guard let slot = slot(text), lengths[slot] == text.count + 1, common[slot] == isCommon else { return nil }
        let same = text.isEmpty || texts.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + slot * Self.longestText, text.baseAddress!, text.count) == 0
        }
        return same ? readings[slot] : nil
    }

    /// Remembers that `text`, beside a callback word as common as `common` says, reads as `reading`.
    mutating func remember(_ reading: Reading, of text: Bytes, common isCommon: Bool) {
        guard let slot = slot(text) else { return }
        lengths[slot] = text.count + 1
        common[slot] = isCommon
        readings[slot] = reading
        guard let source = text.baseAddress else { return }
        texts.withUnsafeMutableBufferPointer { stored in _ = memcpy(stored.baseAddress! + slot * Self.longestText, source, text.count) }
    }

    /// The text's slot, from the interner's hash (its top bits after a multiply); nil when the text is too long to
    /// keep or nothing is kept.
    private func slot(_ text: Bytes) -> Int? {
        guard !lengths.isEmpty, text.count <= Self.longestText else { return nil }
        return Int(truncatingIfNeeded: (StringInterner.hash(text, 0..<text.count) &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }
}
