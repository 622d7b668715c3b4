/// How hand-typed labels are told from the punctuation, emoji and numbering around them, on UTF-8 bytes.
/// A label character is a letter or digit of any script, `_` or `.`; anything else (spaces aside) separates.
enum LabelText {
    /// Longest label taken as a controller name; longer text before a callback is prose.
    static let maxLength = 64
    static let maxWords = 5

    /// Words that make the text before a callback a sentence rather than a label (`Will call viewWillAppear`).
    static let proseWords: Set<String> = [
        "an", "the", "is", "was", "are", "be", "at", "on", "in", "of", "to", "for", "from", "after", "before",
        "during", "inside", "into", "call", "calls", "called", "calling", "when", "while", "then", "and", "or", "not",
        "super", "will", "should", "did", "does", "do", "has", "have", "with", "by", "we", "it", "this", "that",
        // Code pasted into a log is not a label: `override func viewDidLoad()`, `public override void ViewDidLoad()`.
        "override", "func", "void", "public", "private", "protected", "internal", "self", "base", "return",
    ]

    /// Words between a label and its callback that are dropped: `HomeVC is deallocated`, `HomeVC got viewDidLoad`.
    static let linkingWords: Set<String> = ["is", "was", "got", "gets", "get", "been", "being", "has"]

    /// The scalar that ends at `end` (exclusive) and where it starts; nil at `lower`.
    static func scalar(endingAt end: Int, in b: Bytes, lower: Int) -> (Unicode.Scalar, start: Int)? {
        guard end > lower else { return nil }
        var start = end - 1
        while start > lower, end - start < 4, b[start] & 0xC0 == 0x80 { start -= 1 }
        return (decode(b, start..<end), start)
    }

    /// The scalar that starts at `start` and where it ends; nil at `limit`.
    static func scalar(startingAt start: Int, in b: Bytes, limit: Int) -> (Unicode.Scalar, end: Int)? {
        guard start < limit else { return nil }
        var end = start + 1
        while end < limit, end - start < 4, b[end] & 0xC0 == 0x80 { end += 1 }
        return (decode(b, start..<end), end)
    }

    private static func decode(_ b: Bytes, _ range: Range<Int>) -> Unicode.Scalar {
        if range.count == 1 { return Unicode.Scalar(b[range.lowerBound]) }
        var iterator = UnsafeBufferPointer(rebasing: b[range]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    /// Letters and digits of any script, `_` and `.`.
    static func isLabelScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            let byte = UInt8(s.value)
            return ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.underscore || byte == ASCII.period
        }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        s.isASCII ? ASCII.isLetter(UInt8(s.value)) : s.properties.isAlphabetic
    }

    /// The label of `b[range]`: its last run of label characters and single spaces that holds a letter, less
    /// the separators, emoji, numbers and times around it (`[12:04:05] HomeVC #2 –` gives `HomeVC`), and less a
    /// source file's extension (`HomeVC.swift:42` gives `HomeVC`). Nil when no run holds a letter.
    static func lastLabel(in b: Bytes, _ range: Range<Int>) -> Range<Int>? {
        var end = range.upperBound
        while end > range.lowerBound {
            guard let run = lastRun(in: b, range.lowerBound..<end) else { return nil }
            if containsLetter(b, run), !isHexNumber(b, run) { return withoutFileExtension(b, run) }
            end = run.lowerBound
        }
        return nil
    }

    /// Source file extensions `#file` and `__FILE__` print.
    private static let fileExtensions: [StaticString] = [".swift", ".mm", ".m", ".cs"]

    private static func withoutFileExtension(_ b: Bytes, _ run: Range<Int>) -> Range<Int> {
        for ext in fileExtensions {
            let length = ext.utf8CodeUnitCount
            if run.count > length, b.matches(ext, at: run.upperBound - length) { return run.lowerBound..<(run.upperBound - length) }
        }
        return run
    }

    /// `0x7fb5c8d0`: an address, not a name.
    private static func isHexNumber(_ b: Bytes, _ run: Range<Int>) -> Bool {
        run.count > 2 && b[run.lowerBound] == ASCII.zero && b[run.lowerBound + 1] | 0x20 == ASCII.lowerX
            && run.dropFirst(2).allSatisfy { ASCII.isHexDigit(b[$0]) }
    }

    private static func containsLetter(_ b: Bytes, _ run: Range<Int>) -> Bool {
        var i = run.lowerBound
        while let (s, next) = scalar(startingAt: i, in: b, limit: run.upperBound) {
            if isLetter(s) { return true }
            i = next
        }
        return false
    }

    /// The last run of label characters (and single spaces between them) in `b[range]`.
    private static func lastRun(in b: Bytes, _ range: Range<Int>) -> Range<Int>? {
        var end = range.upperBound
        while let (s, start) = scalar(endingAt: end, in: b, lower: range.lowerBound), !isLabelScalar(s) { end = start }
        var start = end
        while let (s, before) = scalar(endingAt: start, in: b, lower: range.lowerBound) {
            if isLabelScalar(s) { start = before; continue }
            // A single space joins words (`Third VC`); anything else ends the label.
            guard s == " ", before > range.lowerBound, let (previous, _) = scalar(endingAt: before, in: b, lower: range.lowerBound),
                  isLabelScalar(previous) else { break }
            start = before
        }
        while start < end, b[start] == ASCII.period { start += 1 }
        while end > start, b[end - 1] == ASCII.period { end -= 1 }
        return start < end ? start..<end : nil
    }

    /// Whether only separators, emoji, bullets and numbering stand in `b[range]` (no letter).
    static func hasNoLetter(_ b: Bytes, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while let (s, next) = scalar(startingAt: i, in: b, limit: range.upperBound) {
            if isLetter(s) { return false }
            i = next
        }
        return true
    }

    /// `label` less the linking words at its end (`HomeVC is` gives `HomeVC`); nil when nothing else is left.
    static func droppingLinkingWords(_ label: Range<Int>, in b: Bytes) -> Range<Int>? {
        var end = label.upperBound
        while let space = (label.lowerBound..<end).last(where: { b[$0] == ASCII.space }),
              linkingWords.contains(b.string((space + 1)..<end).lowercased()) {
            end = space
        }
        return end > label.lowerBound ? label.lowerBound..<end : nil
    }

    /// Why `b[label]` is not a controller label, or nil when it reads as one.
    static func problem(with label: Range<Int>, in b: Bytes, common: Bool) -> String? {
        let text = b.string(label)
        let words = text.split(separator: " ")
        if label.count > maxLength || words.count > maxWords { return "the text before it (\(quoted(text))) is a sentence, not a label" }
        if let word = words.first(where: { proseWords.contains($0.lowercased()) }) {
            return "the text before it (\(quoted(text))) reads as prose (\(quoted(String(word))))"
        }
        if common, !ControllerRefParser.looksLikeController(UnsafeBufferPointer(rebasing: b[label])) {
            return "\(quoted(text)) does not look like a controller, and the callback word is also an ordinary word"
        }
        return nil
    }

    static func quoted(_ text: String) -> String { "‘\(text)’" }
}

extension LabelText {
    /// Whether a letter starts at `i`.
    static func startsWithLetter(_ b: Bytes, _ i: Int, limit: Int) -> Bool {
        guard let (s, _) = scalar(startingAt: i, in: b, limit: limit) else { return false }
        return isLetter(s)
    }
}
