#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Writes the digits back to front at the end of the spare room, then moves them into place.
    private func appendDigits(_ value: UInt64) {
        reserve(20)  // UInt64.max has 20 digits
        var first = count + 20, remaining = value
        repeat {
            first -= 1
            storage[first] = 0x30 + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining != 0
        let digits = count + 20 - first
        memmove(storage + count, storage + first, digits)
        count += digits
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
