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
}
