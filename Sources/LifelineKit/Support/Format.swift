/// Number formatting for messages, identical on every platform (no locale).
enum Format {
    /// `1.8 s`, `41.2 s`, `0.25 s`: one decimal, two below one second, trailing zeros dropped.
    static func seconds(_ value: Double) -> String {
        let decimals = value < 1 ? 100.0 : 10.0
        let rounded = (value * decimals).rounded() / decimals
        var text = String(rounded)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + " s"
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}
