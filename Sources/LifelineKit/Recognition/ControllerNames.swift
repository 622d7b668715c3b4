#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a recogniser has read: each distinct one a `String` once (`StringInterner`), and the descriptions
/// (`<Name: 0xADDR>`) seen lately, by their text. A controller logs many callbacks with the same description, so
/// most are known: a hit costs comparing the description's bytes instead of reading its address, validating its
/// name and interning it again.
struct ControllerNames: Sendable {
    private var strings: StringInterner
    /// Direct-mapped by `slot`: the text of a description that parsed as a plain `<Name: 0xADDR>`, from after its
    /// `<` through its `>` (length 0: empty), and its controller. Longer texts than `longestRecentText` are not kept.
    private var recentTextLengths: [Int]
    private var recentTexts: [UInt8]
    private var recentRefs: [ControllerRef?]

    private static let recentSlots = 256, longestRecentText = 96

    init(capacity: Int = 512) {
        strings = StringInterner(capacity: capacity)
        let slots = capacity > 0 ? Self.recentSlots : 0
        recentTextLengths = Array(repeating: 0, count: slots)
        recentTexts = Array(repeating: 0, count: slots * Self.longestRecentText)
        recentRefs = Array(repeating: nil, count: slots)
    }

    /// Whether readings of texts may be kept: not for one-off parses (`uncached`).
    var keepsReadings: Bool { !recentTextLengths.isEmpty }

    /// Names that keep nothing: every call builds its string (for one-off parses).
    static var uncached: ControllerNames { ControllerNames(capacity: 0) }

    /// The string of `b[range]` (which the caller validated as UTF-8), capped like a name (`longestName`).
    @inline(__always) mutating func intern(_ b: Bytes, _ range: Range<Int>) -> String {
        guard range.count > Self.longestName else { return strings.intern(b, range) }
        return internCapped(b, range)
    }

    @inline(never) private mutating func internCapped(_ b: Bytes, _ range: Range<Int>) -> String {
        Self.capped(b, range).withUnsafeBufferPointer { strings.intern($0, 0..<$0.count) }
    }

    /// The most bytes of a name kept whole. A longer one (a generated or corrupt class name of megabytes) keeps its
    /// start, `…` and a hash of the whole, so distinct names stay distinct while each controller costs bytes, not
    /// megabytes, in every table, finding and report that names it.
    static let longestName = 1024

    /// The bytes of a name longer than `longestName`: its first bytes up to a character boundary, `…`, then 16 hex
    /// digits of a hash of all its bytes.
    static func capped(_ b: Bytes, _ range: Range<Int>) -> [UInt8] {
        let hashText = Array(String(StringInterner.hash(b, range), radix: 16).utf8)
        var end = range.lowerBound + longestName - 3 - 16
        while end > range.lowerBound, b[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a UTF-8 sequence
        return Array(b[range.lowerBound..<end]) + Array("…".utf8) + Array(repeating: UInt8(ascii: "0"), count: 16 - hashText.count) + hashText
    }

    /// Per name number: 0 not asked yet, 1 reads as a controller's name, 2 needs the file to vouch for it.
    private var namesNeedingVouching: [UInt8] = []

    /// What the callback `callback` of `controller` does for the file's word on its labels (`LabelVouchingRole`):
    /// only names without an address that do not read as a controller's take part, and (`label`: a label dialect
    /// named it) a controller's name beside a callback no prose uses shows that its print site logs callbacks.
    mutating func vouchingRole(of controller: ControllerRef, _ callback: Callback, label: Bool = false,
                               controllerOnly: @autoclosure () -> Bool = false) -> LabelVouchingRole {
        guard controller.address == nil else { return .none }
        let number = Int(controller.interned.number)
        if number >= namesNeedingVouching.count { namesNeedingVouching += Array(repeating: 0, count: number + 64 - namesNeedingVouching.count) }
        if namesNeedingVouching[number] == 0 {
            var name = controller.name
            let needs = !name.hasPrefix("(") && !name.withUTF8 { ControllerRefParser.looksLikeController($0) }
            namesNeedingVouching[number] = needs ? 2 : 1
        }
        guard namesNeedingVouching[number] == 2 else { return label && !callback.isCommonWord ? .showsPrintSite : .none }
        return callback.isCommonWord && !controllerOnly() ? .needsVouching : .vouches
    }

    /// The controller name `b[range]` (which the caller validated as UTF-8).
    @inline(__always) mutating func name(_ b: Bytes, _ range: Range<Int>) -> ControllerName {
        guard range.count > Self.longestName else { return ControllerName(number: strings.number(b, range) { ControllerName($0).number }) }
        return cappedName(b, range)
    }

    @inline(never) private mutating func cappedName(_ b: Bytes, _ range: Range<Int>) -> ControllerName {
        Self.capped(b, range).withUnsafeBufferPointer { ControllerName(number: strings.number($0, 0..<$0.count) { ControllerName($0).number }) }
    }

    /// The label `b[range]` as a name, when a line before had it read as a label (`acceptLabel`) with a callback
    /// word as common as this one's: whether a label reads as one depends on its text only.
    func acceptedLabel(_ b: Bytes, _ range: Range<Int>, common: Bool) -> ControllerName? {
        guard let (number, marks) = strings.held(b, range), let number, marks & Self.labelMark(common: common) != 0 else { return nil }
        return ControllerName(number: number)
    }

    /// The name of `b[range]`, a label that reads as one (`LabelText.problem`): later lines with it skip the check.
    mutating func acceptLabel(_ b: Bytes, _ range: Range<Int>, common: Bool) -> ControllerName {
        let name = name(b, range)
        // Accepted beside a common callback word, a label passed the stricter check: it passes the other too.
        strings.mark(b, range, common ? Self.labelMark(common: true) | Self.labelMark(common: false) : Self.labelMark(common: false))
        return name
    }

    private static func labelMark(common: Bool) -> UInt8 { common ? 2 : 1 }

    /// The controller of the plain description starting with the `<` at `start` and ending by `limit`, and the
    /// index after its `>`, when its text was remembered by a call with the same `limit`.
    func recentDescription(in b: Bytes, at start: Int, limit: Int) -> (ref: ControllerRef, end: Int)? {
        guard let slot = slot(b, at: start, limit: limit) else { return nil }
        let length = recentTextLengths[slot]
        guard length > 0, start + 1 + length <= limit else { return nil }
        let same = recentTexts.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + slot * Self.longestRecentText, b.baseAddress! + start + 1, length) == 0
        }
        guard same, let ref = recentRefs[slot] else { return nil }
        return (ref, start + 1 + length)
    }

    /// Remembers the controller of the plain description `b[start..<end]` (`<` to `>`), read with `limit`.
    mutating func rememberDescription(_ ref: ControllerRef, in b: Bytes, at start: Int, end: Int, limit: Int) {
        let length = end - start - 1
        guard length <= Self.longestRecentText, let slot = slot(b, at: start, limit: limit) else { return }
        recentTextLengths[slot] = length
        recentTexts.withUnsafeMutableBufferPointer { stored in
            _ = memcpy(stored.baseAddress! + slot * Self.longestRecentText, b.baseAddress! + start + 1, length)
        }
        recentRefs[slot] = ref
    }

    /// A hash of the eight bytes before `limit` (the end of the address and the `>`, when the description ends there),
    /// or nil when they do not follow `start` or nothing is remembered.
    private func slot(_ b: Bytes, at start: Int, limit: Int) -> Int? {
        guard !recentTextLengths.isEmpty, limit - 8 > start, let base = b.baseAddress else { return nil }
        let tail = UnsafeRawPointer(base + limit - 8).loadUnaligned(as: UInt64.self)
        return Int(truncatingIfNeeded: (tail &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }
}
