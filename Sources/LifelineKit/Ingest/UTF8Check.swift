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
