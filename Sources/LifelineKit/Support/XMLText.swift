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
        // Most text needs nothing: only these bytes can start a character that is replaced (0xEF: U+FFFE, U+FFFF).
        let clean = !text.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\r"), 0xEF: return true
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\n"), UInt8(ascii: "\t"): return inAttribute
            case 0x00..<0x20: return true  // the control characters XML cannot hold
            default: return false
            }
        }
        if clean { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\"" where inAttribute: out += "&quot;"
            case "'" where inAttribute: out += "&apos;"
            case "\n" where inAttribute: out += "&#10;"
            case "\t" where inAttribute: out += "&#9;"
            default: out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0's `Char` production.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
