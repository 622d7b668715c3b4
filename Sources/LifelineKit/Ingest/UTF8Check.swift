/// Validity checks run on every line before anything trusts its bytes.
enum UTF8Check {
    /// Why `line` cannot be read as text, or nil when it can.
    static func problem(in line: Bytes) -> String? {
        if line.firstIndex(of: 0, in: 0..<line.count) != nil { return "contains a NUL byte" }
        return isValid(line) ? nil : "invalid UTF-8"
    }

    static func isValid(_ b: Bytes) -> Bool {
        var i = 0
        let n = b.count
        guard let base = b.baseAddress else { return true }
        while i < n {
            // ASCII fast path, eight bytes at a time.
            while i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
            guard i < n else { return true }
            let lead = b[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int, minimum: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80
            case 0xE0...0xEF: length = 3; minimum = 0x800
            case 0xF0...0xF4: length = 4; minimum = 0x10000
            default: return false
            }
            guard i + length <= n else { return false }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for k in 1..<length {
                let next = b[i + k]
                guard next & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
            i += length
        }
        return true
    }
}

/// Screens a run of lines for the bytes that need `UTF8Check.problem(in:)`'s look, non-ASCII or NUL, in one pass
/// of 32 bytes a step: lines wholly before the next such byte are plain ASCII text and need no check of their own.
struct ASCIIScreen {
    private let bytes: Bytes
    private let end: Int
    /// The first NUL at or after the last position asked for, or `end`.
    private var nul: Int

    init(_ bytes: Bytes, end: Int) {
        self.bytes = bytes
        self.end = end
        self.nul = -1
    }

    /// The first index at or after `from` of a non-ASCII or NUL byte, or `end`. Positions asked for only grow.
    mutating func firstSuspectByte(from: Int) -> Int {
        guard let base = bytes.baseAddress, from < end else { return end }
        if nul < from { nul = bytes.firstIndex(of: 0, in: from..<end) ?? end }
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = from
        while i + 32 <= nul {
            let raw = UnsafeRawPointer(base + i)
            let any = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            if any & highs != 0 { break }
            i += 32
        }
        while i < nul, bytes[i] < 0x80 { i += 1 }
        return i
    }
}
