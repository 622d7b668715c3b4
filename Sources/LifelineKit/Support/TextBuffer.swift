import Foundation

/// Builds UTF-8 text as bytes. Report data and markup hold hundreds of thousands of numbers and short literals:
/// appending one here is a capacity check and a few stores, where `String(n)` then `+=` costs a small string each.
/// A class over `malloc`ed storage, so that appends skip `Array`'s uniqueness checks and growth is a `realloc`:
/// a report page of many megabytes is extended in place or remapped, not copied into fresh pages at each doubling.
/// Not synchronised: one thread writes it, and may then hand it to another whole.
final class TextBuffer: @unchecked Sendable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = max(16, capacity)
        storage = Self.resized(nil, to: self.capacity)
    }

    deinit { free(storage) }

    var isEmpty: Bool { count == 0 }

    /// The text written so far.
    var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    /// The bytes written so far, handed over without a copy; the buffer starts again empty.
    func takeData() -> Data {
        let data = Data(bytesNoCopy: storage, count: count, deallocator: .free)
        capacity = 16
        storage = Self.resized(nil, to: capacity)
        count = 0
        return data
    }

    /// A copy of the bytes written so far; the buffer starts again empty and keeps its memory for what follows.
    func drain() -> Data {
        defer { count = 0 }
        return Data(bytes: storage, count: count)
    }

    @inline(__always) func append(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    func append(_ other: TextBuffer) { append(bytes: UnsafeBufferPointer(start: other.storage, count: other.count)) }

    func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Decimal digits of `number`, with a leading `-` when negative.
    func append<Number: BinaryInteger>(_ number: Number) {
        if number < 0 { append(byte: 0x2D) }
        appendDigits(UInt64(truncatingIfNeeded: number.magnitude))  // report numbers are at most 64 bits
    }

    /// `value` rounded to one decimal (halves away from zero), without a trailing `.0`: `12.3`, `-3`, `0`.
    func appendDecimal1(_ value: Double) {
        let tenths = Int64((value * 10).rounded())
        if tenths < 0 { append(byte: 0x2D) }
        let magnitude = tenths.magnitude
        appendDigits(magnitude / 10)
        if magnitude % 10 != 0 {
            append(byte: 0x2E)
            append(byte: 0x30 + UInt8(magnitude % 10))
        }
    }

    /// Counts the digits, then writes them back to front in place, two at a time.
    private func appendDigits(_ value: UInt64) {
        if value < 10 { return append(byte: 0x30 + UInt8(truncatingIfNeeded: value)) }  // indices and flags
        reserve(20)  // UInt64.max has 20 digits
        let digits = Self.digitCount(value)
        let pairs = Self.digitPairs.utf8Start
        var end = count + digits, rest = value
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            end -= 2
            storage[end] = pairs[pair]
            storage[end + 1] = pairs[pair + 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            storage[end - 2] = pairs[pair]
            storage[end - 1] = pairs[pair + 1]
        } else {
            storage[end - 1] = 0x30 + UInt8(truncatingIfNeeded: rest)
        }
        count += digits
    }

    /// "00", "01", … "99" back to back.
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    private static func digitCount(_ value: UInt64) -> Int {
        var digits = 1, rest = value
        while rest >= 10_000 {
            rest /= 10_000
            digits += 4
        }
        if rest >= 100 {
            rest /= 100
            digits += 2
        }
        return rest >= 10 ? digits + 1 : digits
    }

    @inline(__always) private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var larger = capacity * 2
        while count + extra > larger { larger *= 2 }
        storage = Self.resized(storage, to: larger)
        capacity = larger
    }

    private static func resized(_ storage: UnsafeMutablePointer<UInt8>?, to capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = realloc(storage, capacity) else { fatalError("out of memory for \(capacity) bytes of report text") }
        return memory.bindMemory(to: UInt8.self, capacity: capacity)
    }
}
