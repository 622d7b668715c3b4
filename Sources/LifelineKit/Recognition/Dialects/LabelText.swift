/// How hand-typed labels are told from the punctuation, emoji and numbering around them, on UTF-8 bytes.
/// A label character is a letter or digit of any script, `_` or `.`; anything else (spaces aside) separates.
enum LabelText {
    /// Where the linking word that ends at `end`, after a space, starts (in either case); nil when none does.
    /// Compares bytes: the description dialect asks on every line with a word before its callback.
    static func linkingWordStart(endingAt end: Int, in b: Bytes, lower: Int) -> Int? {
        var start = end
        while start > lower, end - start < 5, ASCII.isLetter(b[start - 1]) { start -= 1 }
        guard start < end, start > lower, b[start - 1] == ASCII.space else { return nil }
        for word in LabelRules.linkingWords where word.utf8CodeUnitCount == end - start {
            if (0..<(end - start)).allSatisfy({ b[start + $0] | 0x20 == word.utf8Start[$0] }) { return start }
        }
        return nil
    }

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
    /// A generic type's name as `String(describing: type(of: self))` writes it, `ListController<Product>` or
    /// `Box<Dictionary<String, Int>>`, ending where `range` ends once blanks and one separator (`:`, `|`, `->`)
    /// are skipped. Without this, the label would be the type argument (`Product`).
    static func genericTypeName(endingIn b: Bytes, _ range: Range<Int>) -> Range<Int>? {
        var end = range.upperBound
        func skipBlanks() { while end > range.lowerBound, ASCII.isBlank(b[end - 1]) { end -= 1 } }
        skipBlanks()
        if end - 2 > range.lowerBound, b[end - 1] == ASCII.greater, b[end - 2] == ASCII.minus || b[end - 2] == ASCII.equals,
           ASCII.isBlank(b[end - 3]) {
            end -= 2  // an arrow: `Box<Item> -> viewDidLoad`
        } else if end > range.lowerBound, b[end - 1] == ASCII.colon || b[end - 1] == verticalBar {
            end -= 1
        }
        skipBlanks()
        guard end > range.lowerBound, b[end - 1] == ASCII.greater,
              let open = matchingOpen(b, closingAt: end - 1, lower: range.lowerBound, opener: ASCII.less, closer: ASCII.greater,
                                      allowing: isTypeArgumentByte) else { return nil }
        return typeName(b, start: identifierStart(b, before: open, lower: range.lowerBound), open: open, end: end)
    }

    /// A type's name before a description in parentheses that ends where `range` ends, once blanks and one separator
    /// (`:`, `|`, `-`, `.`) are skipped: a custom `description` (`HomeVC(title: Home)`), an address
    /// (`HomeVC(0x7fb5c8d0).viewDidLoad()`) or a source line (`HomeVC.swift(27)`, less its extension). The name must
    /// touch the `(` and start with a capital or `_`; `Optional(…)` wraps a value and names none.
    static func typeNameBeforeParentheses(endingIn b: Bytes, _ range: Range<Int>) -> Range<Int>? {
        var end = range.upperBound
        while end > range.lowerBound, ASCII.isBlank(b[end - 1]) { end -= 1 }
        if end > range.lowerBound, isSeparatorBeforeCallback(b[end - 1]) { end -= 1 }
        while end > range.lowerBound, ASCII.isBlank(b[end - 1]) { end -= 1 }
        guard end > range.lowerBound, b[end - 1] == ASCII.closeParen,
              let open = matchingOpen(b, closingAt: end - 1, lower: max(range.lowerBound, end - 201), opener: ASCII.openParen,
                                      closer: ASCII.closeParen, allowing: { _ in true }) else { return nil }  // within 200 bytes
        let start = identifierStart(b, before: open, lower: range.lowerBound)
        guard let name = typeName(b, start: start, open: open, end: open), !b.matches("Optional(", at: start) else { return nil }
        return withoutFileExtension(b, name)
    }

    private static func isSeparatorBeforeCallback(_ byte: UInt8) -> Bool {
        byte == ASCII.colon || byte == verticalBar || byte == ASCII.minus || byte == ASCII.period
    }

    /// The same forwards: the generic type name starting at `start` (an identifier followed by `<…>`), if any.
    static func genericTypeName(startingAt start: Int, in b: Bytes, limit: Int) -> Range<Int>? {
        var open = start
        while open < limit, ASCII.isIdentifier(b[open]) || b[open] == ASCII.period { open += 1 }
        guard open < limit, b[open] == ASCII.less else { return nil }
        var depth = 0, i = open
        while i < limit {
            let byte = b[i]
            if byte == ASCII.less { depth += 1 } else if byte == ASCII.greater {
                depth -= 1
                if depth == 0 { return typeName(b, start: start, open: open, end: i + 1) }
            } else if !isTypeArgumentByte(byte) { return nil }
            i += 1
        }
        return nil
    }

    private static let verticalBar: UInt8 = 0x7C

    /// Letters, digits, `_`, `.`, and `, ` between type arguments.
    private static func isTypeArgumentByte(_ byte: UInt8) -> Bool {
        ASCII.isIdentifier(byte) || byte == ASCII.period || byte == ASCII.comma || byte == ASCII.space
    }

    /// The `opener` matching the `closer` at `close`, searching back to `lower`, with only bytes `allowing` accepts
    /// between them (`<` and `>` around type arguments, `(` and `)` around anything).
    private static func matchingOpen(_ b: Bytes, closingAt close: Int, lower: Int, opener: UInt8, closer: UInt8,
                                     allowing: (UInt8) -> Bool) -> Int? {
        var depth = 0, i = close
        while i >= lower {
            let byte = b[i]
            if byte == closer { depth += 1 } else if byte == opener {
                depth -= 1
                if depth == 0 { return i }
            } else if !allowing(byte) { return nil }
            i -= 1
        }
        return nil
    }

    private static func identifierStart(_ b: Bytes, before open: Int, lower: Int) -> Int {
        var start = open
        while start > lower, ASCII.isIdentifier(b[start - 1]) || b[start - 1] == ASCII.period { start -= 1 }
        return start
    }

    /// `start..<end` when the name before the `<` at `open` reads as a type: it starts with a capital or `_`.
    private static func typeName(_ b: Bytes, start: Int, open: Int, end: Int) -> Range<Int>? {
        guard start < open, b[start] == ASCII.underscore || (b[start] &- 0x41) < 26, end - start <= 200 else { return nil }
        return start..<end
    }

    static func lastLabel(in b: Bytes, _ range: Range<Int>) -> Range<Int>? {
        var end = range.upperBound
        while end > range.lowerBound {
            guard let run = lastRun(in: b, range.lowerBound..<end) else { return nil }
            if containsLetter(b, run), !isHexNumber(b, run) { return withoutFileExtension(b, withoutLeadingNoise(b, run)) }
            end = run.lowerBound
        }
        return nil
    }

    /// The run without its first words while they have no letter or are tags: the end of a time
    /// (`11:02:03.456 HomeVC` leaves `03.456 HomeVC`), a time zone (`Date()` prints `… +0000 HomeVC`), a level
    /// (`💚 DEBUG HomeVC`) or `Lifecycle` is no part of a label.
    private static func withoutLeadingNoise(_ b: Bytes, _ run: Range<Int>) -> Range<Int> {
        var start = run.lowerBound
        while let space = (start..<run.upperBound).first(where: { b[$0] == ASCII.space }),
              !containsLetter(b, start..<space) || isTag(b, start..<space) {
            start = space + 1
        }
        return start..<run.upperBound
    }

    private static func isLogLevel(_ b: Bytes, _ word: Range<Int>) -> Bool {
        (4...8).contains(word.count) && (b[word.lowerBound] &- 0x41) < 26 && (b[word.upperBound - 1] &- 0x41) < 26  // capitals first
            && LabelRules.logLevels.contains(b.string(word))
    }

    /// A word a logger or a person puts before messages to sort them, never a controller's name: a log level in
    /// capitals (`DEBUG`, `[INFO]`) or `lifecycle` in any case (`[Lifecycle]`).
    static func isTag(_ b: Bytes, _ word: Range<Int>) -> Bool {
        isLogLevel(b, word) || (word.count == 9 && (0..<9).allSatisfy { b[word.lowerBound + $0] | 0x20 == lifecycle[$0] })
    }

    private static let lifecycle = Array("lifecycle".utf8)

    /// Whether `b[range]` holds no label: only separators, emoji, numbers, times and tags (`12:04:05 DEBUG`,
    /// `[Lifecycle]`), so a callback after it is as good as alone.
    static func hasNoLabel(_ b: Bytes, _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            var end = i
            while let (s, next) = scalar(startingAt: end, in: b, limit: range.upperBound), isLabelScalar(s) { end = next }
            guard end > i else {
                i = scalar(startingAt: i, in: b, limit: range.upperBound)!.end  // a separator
                continue
            }
            var word = i..<end
            while !word.isEmpty, b[word.lowerBound] == ASCII.period { word = (word.lowerBound + 1)..<word.upperBound }
            while !word.isEmpty, b[word.upperBound - 1] == ASCII.period { word = word.lowerBound..<(word.upperBound - 1) }
            if containsLetter(b, word), !isTag(b, word) { return false }
            i = end
        }
        return true
    }

    /// `run` less a source file's extension at its end (`HomeVC.swift` gives `HomeVC`), and less the line number
    /// `print(#file, #line, …)` puts after it (`HomeVC.swift 42` gives `HomeVC`).
    static func withoutFileExtension(_ b: Bytes, _ run: Range<Int>) -> Range<Int> {
        var digits = run.upperBound
        while digits > run.lowerBound, ASCII.isDigit(b[digits - 1]) { digits -= 1 }
        if digits < run.upperBound, digits - 1 > run.lowerBound, b[digits - 1] == ASCII.space,
           let name = withoutExtension(b, run.lowerBound..<(digits - 1)) {
            return name
        }
        return withoutExtension(b, run) ?? run
    }

    private static func withoutExtension(_ b: Bytes, _ run: Range<Int>) -> Range<Int>? {
        for ext in LabelRules.fileExtensions {
            let length = ext.utf8CodeUnitCount
            if run.count > length, b.matches(ext, at: run.upperBound - length) { return run.lowerBound..<(run.upperBound - length) }
        }
        return nil
    }

    /// Where a thread's description (`<NSThread: 0x…>{number = 7, name = (null)}`, `<_NSMainThread: 0x…>{…}`) starts
    /// when one ends at `end`, blanks aside; nil when none does.
    @inline(never)
    static func threadDescriptionStart(endingAt end: Int, in b: Bytes, lower: Int) -> Int? {
        var close = end
        while close > lower, ASCII.isBlank(b[close - 1]) { close -= 1 }
        guard close > lower, b[close - 1] == ASCII.closeBrace,
              let open = (lower..<(close - 1)).last(where: { b[$0] == ASCII.openBrace }), open > lower, b[open - 1] == ASCII.greater,
              let less = (lower..<(open - 1)).last(where: { b[$0] == ASCII.less }),
              let colon = b.firstIndex(of: ASCII.colon, in: less..<(open - 1)), colon - less > 6,
              b.matches("Thread: 0x", at: colon - 6) else { return nil }
        return less
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
            // A hyphen between letters or digits is part of the label (`Z-orphan`, `Split-View`).
            if s == "-", before > range.lowerBound, let (previous, _) = scalar(endingAt: before, in: b, lower: range.lowerBound),
               isLabelScalar(previous), previous != ".", b[start] != ASCII.period {
                start = before
                continue
            }
            // A single space joins words (`Third VC`); anything else ends the label.
            guard s == " ", before > range.lowerBound, let (previous, _) = scalar(endingAt: before, in: b, lower: range.lowerBound),
                  isLabelScalar(previous) else { break }
            start = before
        }
        while start < end, b[start] == ASCII.period { start += 1 }
        while end > start, b[end - 1] == ASCII.period { end -= 1 }
        return start < end ? start..<end : nil
    }

    /// `label` less the linking words at its end (`HomeVC is` gives `HomeVC`); nil when nothing else is left.
    static func droppingLinkingWords(_ label: Range<Int>, in b: Bytes) -> Range<Int>? {
        var end = label.upperBound
        while let start = linkingWordStart(endingAt: end, in: b, lower: label.lowerBound) { end = start - 1 }
        return end > label.lowerBound ? label.lowerBound..<end : nil
    }

    /// Why `b[label]` is not a controller label, or nil when it reads as one.
    static func problem(with label: Range<Int>, in b: Bytes, common: Bool) -> String? {
        let text = b.string(label)
        let words = text.split(separator: " ")
        if label.count > LabelRules.maxLength || words.count > LabelRules.maxWords { return "the text before it (\(quoted(text))) is a sentence, not a label" }
        if let word = words.first(where: { LabelRules.proseWords.contains($0.lowercased()) }) {
            return "the text before it (\(quoted(text))) reads as prose (\(quoted(String(word))))"
        }
        if let word = LabelRules.callWordsInRuns.first(where: { text.contains($0) }) {
            return "the text before it (\(quoted(text))) reads as prose (\(quoted(word)))"
        }
        if common, !ControllerRefParser.looksLikeController(UnsafeBufferPointer(rebasing: b[label])) {
            return "\(quoted(text)) does not look like a controller, and the callback word is also an ordinary word"
        }
        return nil
    }

    static func quoted(_ text: String) -> String { "‘\(text)’" }
}

extension LabelText {
    /// Whether a label with no Latin letter (`Вызов`, `手动调用`) has a word of letters of another script after the
    /// callback too (`вручную`): words on both sides of a callback make a sentence (`Вызов viewDidAppear вручную`),
    /// in any language, where a label is a name. Latin text has its stop words (`LabelRules.proseWords`).
    static func isSentenceInAnotherScript(_ b: Bytes, label: Range<Int>, after start: Int, _ end: Int) -> Bool {
        guard !label.contains(where: { ASCII.isLetter(b[$0]) }) else { return false }
        var i = start
        while let (s, next) = scalar(startingAt: i, in: b, limit: end) {
            if !s.isASCII, isLetter(s) { return true }
            i = next
        }
        return false
    }

    /// Whether a letter starts at `i`.
    static func startsWithLetter(_ b: Bytes, _ i: Int, limit: Int) -> Bool {
        guard let (s, _) = scalar(startingAt: i, in: b, limit: limit) else { return false }
        return isLetter(s)
    }
}
