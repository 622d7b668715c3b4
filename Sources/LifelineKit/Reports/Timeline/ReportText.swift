/// What one label, message or log line may add to a timeline report: a log of 7 MB labels made `report` hold
/// 1.9 GB and write an 847 MB page, every mention of a label repeating it. Longer text is cut, ending in `…`, and
/// the page says so (`TraceTimeline.textsCut`).
enum ReportText {
    /// Characters kept of one text.
    static let limit = 1_000

    /// `text`, or its first `limit` characters and `…`; found without reading past them.
    static func capped(_ text: String) -> String { cut(text) ?? text }

    /// `text`'s first `limit` characters and `…`, or nil when it is not longer.
    static func cut(_ text: String) -> String? {
        guard text.utf8.count > limit, let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              end != text.endIndex else { return nil }
        return String(text[..<end]) + "…"
    }

    /// The text of a log line's bytes, capped, without making a `String` of all of them first; and whether it was cut.
    static func capped(_ line: Bytes) -> (text: String, cut: Bool) {
        let kept = min(line.count, limit * 4 + 4)  // enough bytes for `limit` characters, and one more to tell
        let text = line.string(0..<kept)
        if let shorter = cut(text) { return (shorter, true) }
        return kept < line.count ? (text + "…", true) : (text, false)
    }
}
