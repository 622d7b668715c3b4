/// Escaping for log-derived text in HTML and inline SVG: every string from a trace goes through here.
enum HTMLText {
    /// Text safe in element content and in double- or single-quoted attribute values: `& < > " '` become entities.
    /// Control characters other than tab and newline become U+FFFD, which HTML does not allow raw.
    static func escape(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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
