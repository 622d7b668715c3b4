/// Escaping for log-derived text in HTML and inline SVG: every string from a trace goes through here.
enum HTMLText {
    /// Text safe in element content and in double- or single-quoted attribute values: `& < > " '` become entities.
    /// Control characters other than tab and newline become U+FFFD, which HTML does not allow raw.
    static func escape(_ text: String) -> String { ByteEscaping.escape(text, replacement) }

    /// Appends `text` to `out`, escaped as `escape(_:)` does.
    static func escape(_ text: String, into out: TextBuffer) { ByteEscaping.escape(text, into: out, replacement) }

    private static func replacement(_ bytes: Bytes, at index: Int) -> (text: String, width: Int)? {
        switch bytes[index] {
        case UInt8(ascii: "&"): return ("&amp;", 1)
        case UInt8(ascii: "<"): return ("&lt;", 1)
        case UInt8(ascii: ">"): return ("&gt;", 1)
        case UInt8(ascii: "\""): return ("&quot;", 1)
        case UInt8(ascii: "'"): return ("&#39;", 1)
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): return nil
        case 0x00...0x1F, 0x7F: return ("\u{FFFD}", 1)
        case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]): return ("\u{FFFD}", 2)  // U+0080...U+009F
        default: return nil
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
