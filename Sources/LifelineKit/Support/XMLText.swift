/// Escaping for XML 1.0, so log text can never break a report's markup.
public enum XMLText {
    /// Character data: `&`, `<` and `>` become entities, a carriage return a character reference (parsers would
    /// turn it into a newline), and characters XML 1.0 cannot hold at all (most control characters) U+FFFD.
    public static func content(_ text: some StringProtocol) -> String {
        escape(text, inAttribute: false)
    }

    /// The contents of a quoted attribute value: as `content`, and also both quotes, and tab and newline as
    /// character references (parsers would turn them into spaces).
    public static func attribute(_ text: some StringProtocol) -> String {
        escape(text, inAttribute: true)
    }

    private static func escape(_ text: some StringProtocol, inAttribute: Bool) -> String {
        ByteEscaping.escape(String(text)) { bytes, index in replacement(bytes, at: index, inAttribute: inAttribute) }
    }

    private static func replacement(_ bytes: Bytes, at index: Int, inAttribute: Bool) -> (text: String, width: Int)? {
        switch bytes[index] {
        case UInt8(ascii: "&"): return ("&amp;", 1)
        case UInt8(ascii: "<"): return ("&lt;", 1)
        case UInt8(ascii: ">"): return ("&gt;", 1)
        case UInt8(ascii: "\r"): return ("&#13;", 1)
        case UInt8(ascii: "\"") where inAttribute: return ("&quot;", 1)
        case UInt8(ascii: "'") where inAttribute: return ("&apos;", 1)
        case UInt8(ascii: "\n") where inAttribute: return ("&#10;", 1)
        case UInt8(ascii: "\t") where inAttribute: return ("&#9;", 1)
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): return nil
        case 0x00..<0x20: return ("\u{FFFD}", 1)  // the control characters XML 1.0 cannot hold
        case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE: return ("\u{FFFD}", 3)  // U+FFFE, U+FFFF
        default: return nil
        }
    }
}
