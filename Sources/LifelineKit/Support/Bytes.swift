#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A borrowed view of raw line bytes. The ingest layers work on these to avoid a `String` per line.
typealias Bytes = UnsafeBufferPointer<UInt8>

enum ASCII {
    static let newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20, tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A, period: UInt8 = 0x2E, comma: UInt8 = 0x2C, minus: UInt8 = 0x2D, plus: UInt8 = 0x2B
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D, openParen: UInt8 = 0x28, closeParen: UInt8 = 0x29
    static let less: UInt8 = 0x3C, greater: UInt8 = 0x3E, openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D, quote: UInt8 = 0x22
    static let semicolon: UInt8 = 0x3B, equals: UInt8 = 0x3D, tilde: UInt8 = 0x7E, underscore: UInt8 = 0x5F
    static let zero: UInt8 = 0x30, upperT: UInt8 = 0x54, upperZ: UInt8 = 0x5A, lowerX: UInt8 = 0x78, slash: UInt8 = 0x2F

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool { hexDigitValue(b) < 16 }
    /// The value of a hex digit (either case), or 16 or more for any other byte.
    @inline(__always) static func hexDigitValue(_ b: UInt8) -> UInt8 {
        let digit = b &- 0x30
        if digit < 10 { return digit }
        let letter = (b | 0x20) &- 0x61  // a-f
        return letter < 6 ? letter + 10 : 16
    }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
    /// Letters, digits, `_`, and any non-ASCII byte (so `Café` and `日本語ViewController` stay one identifier).
    /// One bit test instead of four comparisons: this runs on every byte of every message's words.
    @inline(__always) static func isIdentifier(_ b: UInt8) -> Bool {
        if b >= 0x80 { return true }
        let bits: UInt64 = b < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE  // 0-9 | A-Z, _, a-z
        return (bits >> UInt64(b & 63)) & 1 != 0
    }
}

extension UnsafePointer where Pointee == UInt8 {
    /// The `count` bytes here (eight at most) as a little-endian number, zero above the last: one load for eight, two
    /// overlapping ones for four to seven (most names), a loop only below four.
    @inline(__always) func littleEndianWord(count: Int) -> UInt64 {
        precondition(count <= 8, "eight bytes at most")
        let raw = UnsafeRawPointer(self)
        if count == 8 { return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
        guard count >= 4 else {
            var word: UInt64 = 0
            for offset in 0..<count { word |= UInt64(self[offset]) << UInt64(offset &* 8) }
            return word
        }
        let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
        let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
        return low | high << UInt64((count - 4) &* 8)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Index of the first `byte` in `range`, using `memchr`.
    @inline(__always) func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = baseAddress else { return nil }
        guard let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `literal` occurs at `offset`.
    @inline(__always) func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, offset + length <= count, let base = baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, length) == 0
    }

    /// Whether `prefix` is at `offset` and ends at or before `limit`.
    func matches(_ prefix: [UInt8], at offset: Int, before limit: Int) -> Bool {
        guard offset >= 0, offset + prefix.count <= Swift.min(limit, count) else { return false }
        guard let base = baseAddress, !prefix.isEmpty else { return true }
        return prefix.withUnsafeBufferPointer { memcmp(base + offset, $0.baseAddress!, prefix.count) == 0 }
    }

    /// First occurrence of `literal` at or after `from`.
    func find(_ literal: StaticString, from: Int = 0) -> Int? {
        let length = literal.utf8CodeUnitCount
        let first = literal.utf8Start.pointee
        var start = from
        while start + length <= count, let hit = firstIndex(of: first, in: start..<(count - length + 1)) {
            if matches(literal, at: hit) { return hit }
            start = hit + 1
        }
        return nil
    }

    /// Parses a run of decimal digits at `offset`; nil when there are none or it overflows.
    @inline(__always) func decimal(at offset: Int, maxDigits: Int = 18) -> (value: Int64, end: Int)? {
        // Runs of one to seven digits (pids, thread ids) with eight bytes to read: all at once.
        if maxDigits >= 8, offset >= 0, offset + 8 <= count, let base = baseAddress {
            let digits = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) ^ 0x3030_3030_3030_3030
            let length = SWARDigits.leadingDigitCount(digits)
            if length == 0 { return nil }
            if length < 8 { return (Int64(SWARDigits.value(digits, length: length)), offset + length) }
        }
        var i = offset, value: Int64 = 0
        let limit = Swift.min(count, offset + Swift.min(maxDigits, 18))  // 18 digits cannot overflow
        while i < limit {
            let digit = self[i] &- ASCII.zero
            if digit >= 10 { break }
            value = value &* 10 &+ Int64(digit)
            i += 1
        }
        guard i > offset else { return nil }
        return i < limit || i == count || !ASCII.isDigit(self[i]) ? (value, i) : nil  // stopped at the limit: more digits?
    }

    /// Parses a run of hex digits (no `0x`) at `offset`.
    func hexadecimal(at offset: Int) -> (value: UInt64, end: Int)? {
        // Up to sixteen digits (addresses) with the bytes to read: eight at a time.
        if offset >= 0, offset + 16 <= count, let base = baseAddress {
            let raw = UnsafeRawPointer(base + offset)
            let (high, highLength) = SWARDigits.hex(UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)))
            if highLength < 8 { return highLength == 0 ? nil : (high, offset + highLength) }
            let (low, lowLength) = SWARDigits.hex(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            if lowLength < 8 { return (high << UInt64(4 * lowLength) | low, offset + 8 + lowLength) }
            return offset + 16 == count || !ASCII.isHexDigit(self[offset + 16]) ? (high << 32 | low, offset + 16) : nil
        }
        var i = offset, value: UInt64 = 0
        let limit = Swift.min(count, offset + 16)  // 16 digits fill 64 bits
        while i < limit {
            let digit = ASCII.hexDigitValue(self[i])
            if digit >= 16 { break }
            value = value << 4 | UInt64(digit)
            i += 1
        }
        guard i > offset else { return nil }
        return i < limit || i == count || !ASCII.isHexDigit(self[i]) ? (value, i) : nil  // stopped at the limit: more digits?
    }

    func skippingBlanks(from offset: Int) -> Int {
        var i = offset
        while i < count, ASCII.isBlank(self[i]) { i += 1 }
        return i
    }

    /// Decodes `range` as UTF-8 (the caller validated it).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }
}

/// Digits read eight bytes at a time. A word holds eight bytes, the first in its low byte. The decimal functions
/// take it XORed with `0x30`, so that a digit byte holds its value (0–9); `hex` takes the raw bytes.
enum SWARDigits {
    /// How many bytes from the first are digits (8: all of them).
    @inline(__always) static func leadingDigitCount(_ digits: UInt64) -> Int {
        // A byte above 9 gets its high bit set by adding 0x76; one with it already set stays flagged. A carry only
        // reaches bytes after a flagged one, so the first flagged byte is always right.
        let flagged = ((digits &+ 0x7676_7676_7676_7676) | digits) & 0x8080_8080_8080_8080
        return flagged.trailingZeroBitCount >> 3
    }

    /// The leading hex digits (either case) of eight raw bytes, the first in the low byte, and how many there are.
    @inline(__always) static func hex(_ bytes: UInt64) -> (value: UInt64, length: Int) {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        let digits = bytes ^ (0x30 &* ones)  // '0'…'9' → 0…9
        let letters = (bytes | 0x20 &* ones) ^ (0x60 &* ones)  // 'a'…'f', 'A'…'F' → 1…6
        let notDigit = ((digits &+ 0x76 &* ones) | digits) & highBits  // above 9, or not ASCII
        let notLetter = ((letters &+ 0x79 &* ones) | ~(letters &+ 0x7F &* ones) | letters) & highBits  // not 1…6
        let length = (notDigit & notLetter).trailingZeroBitCount >> 3
        guard length > 0 else { return (0, 0) }
        let isLetter = (~notLetter & highBits) >> 7 &* 0xFF  // 0xFF in each letter byte
        let values = (digits & ~isLetter | (letters &+ 9 &* ones) & isLetter) & 0x0F0F_0F0F_0F0F_0F0F
        var v = values << UInt64(64 - 8 * length)
        v = (v &* (16 << 8 + 1)) >> 8 & 0x00FF_00FF_00FF_00FF
        v = (v &* (256 << 16 + 1)) >> 16 & 0x0000_FFFF_0000_FFFF
        return ((v &* (65_536 << 32 + 1)) >> 32, length)
    }

    /// The number the first `length` (1–8) bytes spell, the first being the most significant digit.
    @inline(__always) static func value(_ digits: UInt64, length: Int) -> UInt64 {
        var v = (digits & 0x0F0F_0F0F_0F0F_0F0F) << UInt64(64 - 8 * length)  // the digits at the top, zeros before them
        v = (v &* (10 << 8 + 1)) >> 8 & 0x00FF_00FF_00FF_00FF  // pairs of digits
        v = (v &* (100 << 16 + 1)) >> 16 & 0x0000_FFFF_0000_FFFF  // groups of four
        return (v &* (10_000 << 32 + 1)) >> 32
    }
}
