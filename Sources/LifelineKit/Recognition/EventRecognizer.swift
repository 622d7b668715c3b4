/// Finds a lifecycle event in one message: the callback word in any dialect, the controller named before
/// it (or after it, for `print(#function, self)`), and a containment argument after it.
///
/// Names repeat on every line about a controller: each distinct one becomes a `String` once (`names`), so
/// recognising an event allocates nothing but its line's text, and equal names compare by pointer.
struct EventRecognizer {
    var names = ControllerNames()

    enum Outcome: Equatable {
        case event(RecognizedEvent)
        /// A callback word with no controller to attach it to (`viewDidLoad()` alone).
        case unattributed
        case none

        var isEvent: Bool {
            if case .event = self { return true }
            return false
        }
    }

    /// - Parameter defaultController: the controller of a callback word that names none (custom patterns).
    mutating func recognize(_ b: Bytes, in range: Range<Int>, defaultController: ControllerRef? = nil) -> Outcome {
        let table = KeywordTable.shared
        let classes = table.classes
        var sawCallback = false
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let byte = b[i]
            let startClass = classes[byte]
            guard startClass & ByteClass.wordStart != 0 else { i += 1; continue }
            let start = i
            i += 1
            // Most words are skipped without hashing: their first letter, or their first two bytes, start no keyword.
            guard startClass & ByteClass.keywordStart != 0, i < end, classes.mayStartKeyword(byte, b[i]) else {
                while i < end, classes[b[i]] & ByteClass.identifier != 0 { i += 1 }
                if start > range.lowerBound, b[start - 1] == ASCII.tilde, let event = Self.finalizer(b, start, i, range, &names) {
                    return .event(event)
                }
                continue
            }
            var hash = KeywordTable.mix(KeywordTable.seed, byte | 0x20)
            while i < end {
                let next = b[i]
                guard classes[next] & ByteClass.identifier != 0 else { break }
                hash = KeywordTable.mix(hash, next)
                i += 1
            }
            if start > range.lowerBound, ASCII.isIdentifier(b[start - 1]) { continue }  // inside a non-ASCII word
            if start > range.lowerBound, b[start - 1] == ASCII.tilde, let event = Self.finalizer(b, start, i, range, &names) {
                return .event(event)
            }
            guard i - start >= KeywordTable.minWordLength, i - start <= KeywordTable.maxWordLength, let keyword = table.keyword(hash: hash, b, start..<i) else { continue }
            switch keyword {
            case .callback(let callback):
                sawCallback = true
                if let event = Self.callbackEvent(callback, b, start..<i, range, defaultController, &names) { return .event(event) }
            case .observer(let adds):
                return .event(Self.observerEvent(adds: adds, b, start..<i, range, &names))
            case .warningTrigger:
                if let (summary, culprit) = UIKitWarnings.match(b, in: range) {
                    return .event(RecognizedEvent(kind: .uikitWarning(summary), controller: culprit, argument: nil))
                }
            }
        }
        return sawCallback ? .unattributed : .none
    }

    // MARK: Callbacks

    private static func callbackEvent(_ callback: Callback, _ b: Bytes, _ word: Range<Int>, _ range: Range<Int>,
                                      _ defaultController: ControllerRef?, _ names: inout ControllerNames) -> RecognizedEvent? {
        let afterSyntax = skipArgumentSyntax(b, from: word.upperBound, limit: range.upperBound)
        guard isWordBoundary(b, afterSyntax, range.upperBound) else { return nil }
        var controller = controllerBefore(b, word.lowerBound, range, strictLabel: callback.isCommonWord, &names)
        if controller == nil, word.lowerBound == range.lowerBound, !callback.takesControllerArgument {
            controller = angleRefAfter(b, afterSyntax, range.upperBound, &names)  // print(#function, self)
        }
        guard let controller = controller ?? defaultController else { return nil }
        let argument = callback.takesControllerArgument ? self.argument(b, from: word.upperBound, range.upperBound, &names) : nil
        return RecognizedEvent(kind: .callback(callback), controller: controller, argument: argument)
    }

    /// C# finalizer `~CartViewController()`.
    private static func finalizer(_ b: Bytes, _ start: Int, _ end: Int, _ range: Range<Int>,
                                  _ names: inout ControllerNames) -> RecognizedEvent? {
        guard b.matches("()", at: end), start - 1 == range.lowerBound || b[start - 2] == ASCII.space else { return nil }
        return RecognizedEvent(kind: .callback(.dealloc), controller: ControllerRef(name: names.intern(b, start..<end)), argument: nil)
    }

    /// Skips `(…)` (Swift) or `:name:…` (ObjC selector parts) after a callback word.
    private static func skipArgumentSyntax(_ b: Bytes, from: Int, limit: Int) -> Int {
        guard from < limit else { return from }
        if b[from] == ASCII.openParen {
            var depth = 0, i = from
            while i < limit {
                if b[i] == ASCII.openParen { depth += 1 }
                if b[i] == ASCII.closeParen { depth -= 1; if depth == 0 { return i + 1 } }
                i += 1
            }
            return limit
        }
        if b[from] == ASCII.colon {
            var i = from
            while i < limit, ASCII.isIdentifier(b[i]) || b[i] == ASCII.colon { i += 1 }
            return i
        }
        return from
    }

    /// A callback word must end the word: `viewDidLoadCount` or `viewDidLoad.swift` are not events.
    private static func isWordBoundary(_ b: Bytes, _ i: Int, _ limit: Int) -> Bool {
        guard i < limit else { return true }
        switch b[i] {
        case ASCII.space, ASCII.tab, ASCII.closeBracket, ASCII.comma, ASCII.semicolon, ASCII.closeParen, ASCII.greater,
             ASCII.quote, ASCII.equals:
            return true
        case ASCII.period:
            return i + 1 == limit || b[i + 1] == ASCII.space
        default:
            return false
        }
    }

    /// The controller named right before the word at `start`: `<X: 0x…> word`, `-[X word`, `[X word`,
    /// `X.word`, or a bare label `X word` (the message's first word, or a controller-like name).
    static func controllerBefore(_ b: Bytes, _ start: Int, _ range: Range<Int>, strictLabel: Bool,
                                 _ names: inout ControllerNames) -> ControllerRef? {
        let lower = range.lowerBound
        guard start > lower else { return nil }
        let separator = b[start - 1]
        if separator == ASCII.period {
            let nameStart = dottedWordStart(b, before: start - 1, lowerBound: lower)
            guard nameStart < start - 1 else { return nil }
            return ControllerRef(name: names.intern(b, nameStart..<(start - 1)))
        }
        guard separator == ASCII.space else { return nil }
        var wordEnd = start - 1
        while wordEnd > lower, b[wordEnd - 1] == ASCII.space { wordEnd -= 1 }
        guard wordEnd > lower else { return nil }
        if b[wordEnd - 1] == ASCII.greater {
            return ControllerRefParser.parseAngle(b, endingAt: wordEnd, lowerBound: lower, names: &names)?.ref
        }
        let nameStart = dottedWordStart(b, before: wordEnd, lowerBound: lower)
        guard nameStart < wordEnd else { return nil }
        let name = UnsafeBufferPointer(rebasing: b[nameStart..<wordEnd])
        if nameStart > lower, b[nameStart - 1] == ASCII.openBracket {
            return ControllerRef(name: names.intern(b, nameStart..<wordEnd))  // -[Class sel] or [Class sel]
        }
        let isFirstWord = nameStart == lower
        guard (isFirstWord && !strictLabel) || ControllerRefParser.looksLikeController(name) else { return nil }
        guard isFirstWord || b[nameStart - 1] == ASCII.space else { return nil }
        return ControllerRef(name: names.intern(b, nameStart..<wordEnd))
    }

    private static func dottedWordStart(_ b: Bytes, before end: Int, lowerBound: Int) -> Int {
        var i = end
        while i > lowerBound, ASCII.isIdentifier(b[i - 1]) || b[i - 1] == ASCII.period { i -= 1 }
        while i < end, b[i] == ASCII.period { i += 1 }
        return i
    }

    private static func angleRefAfter(_ b: Bytes, _ from: Int, _ limit: Int, _ names: inout ControllerNames) -> ControllerRef? {
        let i = b.skippingBlanks(from: from)
        return ControllerRefParser.parseAngle(b, at: i, limit: limit, names: &names)?.ref
    }

    /// The containment argument: the first `<X: 0x…>`, `nil`/`(null)`, or (label dialect) the next word.
    private static func argument(_ b: Bytes, from: Int, _ limit: Int, _ names: inout ControllerNames) -> ControllerArgument? {
        var i = from
        while i < limit {
            let byte = b[i]
            if byte == ASCII.less, let parsed = ControllerRefParser.parseAngle(b, at: i, limit: limit, names: &names) {
                return .controller(parsed.ref)
            }
            if i == from || !ASCII.isIdentifier(b[i - 1]), isNilMarker(b, at: i, limit: limit) {
                return ControllerArgument.noParent
            }
            i += 1
        }
        // Plain dialect: `vc4 willMoveToParent vc3`.
        let wordStart = b.skippingBlanks(from: skipArgumentSyntax(b, from: from, limit: limit))
        var wordEnd = wordStart
        while wordEnd < limit, ASCII.isIdentifier(b[wordEnd]) || b[wordEnd] == ASCII.period { wordEnd += 1 }
        guard wordEnd > wordStart, wordStart > from,
              ControllerRefParser.looksLikeController(UnsafeBufferPointer(rebasing: b[wordStart..<wordEnd])) else { return nil }
        return .controller(ControllerRef(name: names.intern(b, wordStart..<wordEnd)))
    }

    /// Whether `nil`, `(null)` or `null` stands at `i` as a whole word.
    private static func isNilMarker(_ b: Bytes, at i: Int, limit: Int) -> Bool {
        for marker in ["nil", "(null)", "null"] as [StaticString] where b.matches(marker, at: i) {
            let after = i + marker.utf8CodeUnitCount
            if after <= limit, after == limit || !ASCII.isIdentifier(b[after]) { return true }
        }
        return false
    }

    // MARK: Observers

    /// `addObserver NAME`, `removeObserver: NAME`, `addObserver(forName: .NAME …)`, `removeObserver(self)`.
    private static func observerEvent(adds: Bool, _ b: Bytes, _ word: Range<Int>, _ range: Range<Int>,
                                      _ names: inout ControllerNames) -> RecognizedEvent {
        let controller = controllerBefore(b, word.lowerBound, range, strictLabel: false, &names)
        var i = word.upperBound
        let limit = range.upperBound
        func skipSeparators() {
            while i < limit, [ASCII.space, ASCII.colon, ASCII.openParen, ASCII.quote, ASCII.period, ASCII.equals, 0x27].contains(b[i]) { i += 1 }
        }
        skipSeparators()
        for label in ["forName", "name"] as [StaticString] where b.matches(label, at: i) {
            let after = i + label.utf8CodeUnitCount
            if after < limit, b[after] == ASCII.colon || b[after] == ASCII.equals { i = after; skipSeparators() }
        }
        let nameStart = i
        while i < limit, ASCII.isIdentifier(b[i]) || b[i] == ASCII.period { i += 1 }
        var name = nameStart < i ? names.intern(b, nameStart..<i) : "(unnamed)"
        while name.hasSuffix(".") { name.removeLast() }
        let kind: EventKind
        if adds { kind = .observerAdded(name) }
        else if name == "self" { kind = .observersRemovedAll }
        else { kind = .observerRemoved(name) }
        return RecognizedEvent(kind: kind, controller: controller, argument: nil)
    }
}
