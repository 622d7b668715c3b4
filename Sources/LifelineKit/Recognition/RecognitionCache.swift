#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `EventRecognizer` made of the messages with a callback word seen lately, whole: the outcome and what it
/// said about it (the dialect that named the controller, why a callback word was not attributed, the label's role
/// and print site). Logs repeat their callback lines (one instance's callbacks, a label's lines), and from its first
/// callback word on, what a message is depends on its text alone: such a message read once is not read again, and no
/// dialect, label rule or backtrace shape runs for it.
///
/// Direct-mapped; a message longer than `longestText` is not kept, nor one that starts a wrapped UIKit message
/// (what it becomes depends on the next line).
struct RecognitionCache {
    /// What a message was read as: no event, a callback word not attributed (why: `reason(at:)`), or a callback of
    /// a controller (its argument: `argument(at:)`). Other outcomes (observer lines, UIKit's messages) are not kept.
    /// Plain numbers: a hit copies it without a reference count.
    struct Reading {
        enum Outcome: UInt8 { case none, unattributed, callback }
        var outcome: Outcome
        var callback: Callback = .viewDidLoad
        var controller = ControllerRef(interned: ControllerName(number: 0))
        var dialect: Int8 = -1
        var vouching: LabelVouchingRole = .none
        var printSite: UInt32 = 0

        static let none = Reading(outcome: .none)
    }

    /// Per slot: the text's length plus one (0: empty slot), its bytes and its reading, and beside it what a
    /// reading refers to: the argument of a callback and why a callback word was not attributed.
    private var lengths: [Int32]
    private var texts: [UInt8]
    private var readings: [Reading]
    private var arguments: [ControllerArgument?]
    private var reasons: [String]

    static let slots = 1024, longestText = 160

    /// Keeps nothing when `keeps` is false (one-off parses).
    init(keeps: Bool = true) {
        let slots = keeps ? Self.slots : 0
        lengths = Array(repeating: 0, count: slots)
        texts = Array(repeating: 0, count: slots * Self.longestText)
        readings = Array(repeating: .none, count: slots)
        arguments = Array(repeating: nil, count: slots)
        reasons = Array(repeating: "", count: slots)
    }

    /// The slot of `b[range]`, whose callback word starts at `word`; nil when the text is too long to keep or
    /// nothing is kept. Picked from the length and three 8-byte windows (the start, just before the word, the end),
    /// not the whole text: `holds` compares the text, so a weaker spread costs a miss, never a wrong reading, and
    /// the windows hold what tells one instance's callback lines apart (name, address, callback).
    @inline(__always) func slot(_ b: Bytes, _ range: Range<Int>, word: Int) -> Int? {
        guard !lengths.isEmpty, range.count <= Self.longestText else { return nil }
        var hash = UInt64(range.count) &* 0x9E37_79B9_7F4A_7C15
        if range.count >= 8 {
            let raw = UnsafeRawPointer(b.baseAddress!)
            @inline(__always) func mix(_ start: Int) {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
            }
            mix(range.lowerBound)
            mix(max(range.lowerBound, min(word - 8, range.upperBound - 8)))
            mix(range.upperBound - 8)
        } else {
            hash ^= StringInterner.hash(b, range)
        }
        return Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 54)
    }

    /// Whether the slot `slot` holds the text `b[range]`. The text is compared 8 bytes at a step: a call to `memcmp`
    /// costs more than the whole compare for texts this short.
    @inline(__always) func holds(_ b: Bytes, _ range: Range<Int>, at slot: Int) -> Bool {
        guard lengths[slot] == Int32(range.count) + 1 else { return false }
        return texts.withUnsafeBufferPointer { stored in
            let kept = UnsafeRawPointer(stored.baseAddress! + slot * Self.longestText), text = UnsafeRawPointer(b.baseAddress! + range.lowerBound)
            var i = 0
            while i + 8 <= range.count {
                guard kept.loadUnaligned(fromByteOffset: i, as: UInt64.self) == text.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
                i += 8
            }
            while i < range.count {
                guard kept.load(fromByteOffset: i, as: UInt8.self) == text.load(fromByteOffset: i, as: UInt8.self) else { return false }
                i += 1
            }
            return true
        }
    }

    /// The reading kept at `slot` (of the text `holds` found there).
    @inline(__always) func reading(at slot: Int) -> Reading { readings[slot] }

    /// The argument of the callback kept at `slot`.
    @inline(__always) func argument(at slot: Int) -> ControllerArgument? { arguments[slot] }

    /// Why the callback word of the message kept at `slot` was not attributed.
    func reason(at slot: Int) -> String { reasons[slot] }

    /// Keeps `reading` as what the text `b[range]` is, at `slot`, with the callback's argument or why its word was not
    /// attributed. Each is written only when it differs from what the slot holds: most hold none.
    mutating func keep(_ reading: Reading, argument: ControllerArgument? = nil, reason: String? = nil, at slot: Int,
                       for b: Bytes, _ range: Range<Int>) {
        lengths[slot] = Int32(range.count) + 1
        readings[slot] = reading
        if argument != nil || arguments[slot] != nil { arguments[slot] = argument }
        if let reason { reasons[slot] = reason }
        guard let source = b.baseAddress, !range.isEmpty else { return }
        texts.withUnsafeMutableBufferPointer { stored in
            _ = memcpy(stored.baseAddress! + slot * Self.longestText, source + range.lowerBound, range.count)
        }
    }
}
