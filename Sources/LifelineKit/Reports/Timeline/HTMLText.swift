/// Escaping for log-derived text in HTML and inline SVG: every string from a trace goes through here.
enum HTMLText {
    /// Text safe in element content and in double- or single-quoted attribute values: `& < > " '` become entities.
    /// Control characters other than tab and newline become U+FFFD, which HTML does not allow raw.
    static func escape(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ $0.contains(where: mayNeedEscaping) }) else { return text }
        let out = TextBuffer(capacity: text.utf8.count + 16)
        escape(text, into: out)
        return out.text
    }

    /// Appends `text` to `out`, escaped as `escape(_:)` does.
    static func escape(_ text: String, into out: TextBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var written = 0, index = 0
            while index < bytes.count {
                let replacement: String, width: Int
                switch bytes[index] {
                case UInt8(ascii: "&"): (replacement, width) = ("&amp;", 1)
                case UInt8(ascii: "<"): (replacement, width) = ("&lt;", 1)
                case UInt8(ascii: ">"): (replacement, width) = ("&gt;", 1)
                case UInt8(ascii: "\""): (replacement, width) = ("&quot;", 1)
                case UInt8(ascii: "'"): (replacement, width) = ("&#39;", 1)
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                    index += 1
                    continue
                case 0x00...0x1F, 0x7F: (replacement, width) = ("\u{FFFD}", 1)
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):  // U+0080...U+009F
                    (replacement, width) = ("\u{FFFD}", 2)
                default:
                    index += 1
                    continue
                }
                out.append(bytes: UnsafeBufferPointer(rebasing: bytes[written..<index]))
                out.append(replacement)
                index += width
                written = index
            }
            out.append(bytes: UnsafeBufferPointer(rebasing: bytes[written..<bytes.count]))
        }
    }

    /// Whether a UTF-8 byte is, or may start (0xC2: U+0080...U+00BF), a character `escape(_:)` replaces.
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): return false
        case 0x00...0x1F, 0x7F, 0xC2, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): return true
        default: return false
        }
    }

    /// A fragment identifier made only of `[a-z0-9-]`, for ids built from rule identifiers.
    static func identifier(_ text: String) -> String {
        String(text.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }
}

/// Fixed-point numbers for SVG coordinates and labels, identical on every platform (no locale, no exponent).
enum Decimal1 {
    /// `value` rounded to one decimal, without a trailing `.0` (`TextBuffer.appendDecimal1` writes it).
    static func string(_ value: Double) -> String {
        let buffer = TextBuffer(capacity: 24)
        buffer.appendDecimal1(value)
        return buffer.text
    }
}
