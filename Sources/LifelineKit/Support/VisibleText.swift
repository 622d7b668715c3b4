/// Text from a log or a file name made safe to show: characters a terminal or a browser would act on instead of
/// showing are written as Swift escapes, `\u{1B}` (hexadecimal, upper case, no leading zeros), so they can neither
/// clear a screen, set a window title, reverse a name, nor split a diagnostic line, and the reader still sees that
/// they were there. These are:
///
/// - the C0 controls but tab (U+0000–U+001F: ESC, BEL, CR, LF…), DEL (U+007F) and the C1 controls
///   (U+0080–U+009F, which some terminals read as ESC sequences);
/// - the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder the text
///   around them;
/// - the line and paragraph separators (U+2028, U+2029), which some viewers break lines at.
///
/// Text, GitHub and Markdown output, the HTML report and standard error show log text this way. JSON output
/// keeps the text itself, with these characters as `\u` escapes.
public enum VisibleText {
    /// `text` with every character listed above written as `\u{…}`; the same string when there is none.
    public static func escape(_ text: String) -> String { ByteEscaping.escape(text, replacement) }

    /// The visible form of the character whose UTF-8 starts at `bytes[index]`, and its width; nil to keep it.
    @inline(__always)
    static func replacement(_ bytes: Bytes, at index: Int) -> (text: String, width: Int)? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\t"): return nil
        case 0x00...0x1F, 0x7F: return (written(UInt32(byte)), 1)
        case 0xC2, 0xD8, 0xE2: break
        default: return nil
        }
        guard index + 1 < bytes.count else { return nil }
        let second = bytes[index + 1]
        if byte == 0xC2 {
            return (0x80...0x9F).contains(second) ? (written(UInt32(second)), 2) : nil  // U+0080–U+009F
        }
        if byte == 0xD8 { return second == 0x9C ? (written(0x061C), 2) : nil }
        guard index + 2 < bytes.count else { return nil }
        let scalar = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        guard second & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80, isFormatting(scalar) else { return nil }
        return (written(scalar), 3)
    }

    /// Whether a scalar in U+2000–U+2FFF is one of the bidirectional controls or separators above.
    private static func isFormatting(_ scalar: UInt32) -> Bool {
        scalar == 0x200E || scalar == 0x200F || (0x2028...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
    }

    private static func written(_ scalar: UInt32) -> String { "\\u{" + String(scalar, radix: 16, uppercase: true) + "}" }
}
