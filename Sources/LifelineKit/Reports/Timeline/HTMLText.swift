/// Escaping for log-derived text in HTML and inline SVG: every string from a trace goes through here.
enum HTMLText {
    /// Text safe in element content and in double- or single-quoted attribute values: `& < > " '` become entities.
    /// Control characters other than tab and newline, and bidirectional controls, are made visible (`VisibleText`).
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
        default: return VisibleText.replacement(bytes, at: index)
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
