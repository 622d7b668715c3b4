#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a recogniser has read: each distinct one a `String` once (`StringInterner`), and the descriptions
/// (`<Name: 0xADDR>`) seen lately by address. A controller logs many callbacks with the same description, so
/// most are known: a hit costs comparing the name's bytes instead of validating and interning them again.
struct ControllerNames: Sendable {
    private var strings: StringInterner
    /// Direct-mapped by address: the address (0: empty), the name's bytes and the controller of a description
    /// that parsed as a plain `<Name: 0xADDR>`. Names longer than `longestRecentName` are not remembered.
    private var recentAddresses: [UInt64]
    private var recentNameLengths: [Int]
    private var recentNameBytes: [UInt8]
    private var recentRefs: [ControllerRef?]

    private static let recentSlots = 256, longestRecentName = 64

    init(capacity: Int = 512) {
        strings = StringInterner(capacity: capacity)
        let slots = capacity > 0 ? Self.recentSlots : 0
        recentAddresses = Array(repeating: 0, count: slots)
        recentNameLengths = Array(repeating: 0, count: slots)
        recentNameBytes = Array(repeating: 0, count: slots * Self.longestRecentName)
        recentRefs = Array(repeating: nil, count: slots)
    }

    /// Names that keep nothing: every call builds its string (for one-off parses).
    static var uncached: ControllerNames { ControllerNames(capacity: 0) }

    /// The string of `b[range]` (which the caller validated as UTF-8).
    mutating func intern(_ b: Bytes, _ range: Range<Int>) -> String { strings.intern(b, range) }

    /// The controller a plain description at `address` whose name is `b[name]` described before, if remembered.
    func recentDescription(address: UInt64, name: Range<Int>, in b: Bytes) -> ControllerRef? {
        guard !recentAddresses.isEmpty else { return nil }
        let slot = Self.slot(address)
        guard recentAddresses[slot] == address, recentNameLengths[slot] == name.count else { return nil }
        let same = recentNameBytes.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress! + slot * Self.longestRecentName, b.baseAddress! + name.lowerBound, name.count) == 0
        }
        return same ? recentRefs[slot] : nil
    }

    /// Remembers a plain description's controller, named by `b[name]` (the latest at its address wins).
    mutating func rememberDescription(_ ref: ControllerRef, name: Range<Int>, in b: Bytes) {
        guard !recentAddresses.isEmpty, let address = ref.address, address != 0, name.count <= Self.longestRecentName else { return }
        let slot = Self.slot(address)
        recentAddresses[slot] = address
        recentNameLengths[slot] = name.count
        recentNameBytes.withUnsafeMutableBufferPointer { stored in
            _ = memcpy(stored.baseAddress! + slot * Self.longestRecentName, b.baseAddress! + name.lowerBound, name.count)
        }
        recentRefs[slot] = ref
    }

    /// Addresses are aligned and differ mostly in their middle bits.
    private static func slot(_ address: UInt64) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }
}
