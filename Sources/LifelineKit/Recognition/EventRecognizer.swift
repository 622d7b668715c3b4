/// Finds a lifecycle event in one message: a callback word in any spelling (`Callback.spellings`), an observer
/// word, a C# finalizer or one of UIKit's messages; then the dialects of `DialectRegistry.naming` name the
/// callback's controller, and the containment argument is read after it.
///
/// Names repeat on every line about a controller: each distinct one becomes a `String` and a number once (`names`,
/// `ControllerName`), so recognising an event allocates nothing but its line's text, and equal names compare as
/// numbers.
struct EventRecognizer {
    var names: ControllerNames
    /// The dialect that named the last callback's controller (shown by `lifeline events`).
    private(set) var lastDialect: (any Dialect.Type)?
    /// Why the last message's callback word is not attributed, when it is `unattributed`.
    private(set) var rejection: String?
    /// Whether the last event's label needs the file to vouch for it, or vouches for it (`LabelVouchingRole`).
    private(set) var vouching = LabelVouchingRole.none
    /// The print site of the last event's label line (`PrintSite.fingerprint`), when its label has a role.
    private(set) var printSite: UInt32 = 0
    /// One of UIKit's messages that the last message started but did not finish: its line may go on in the next.
    private(set) var partialMessage: UIKitMessages.Partial? {
        didSet { hasPartialMessage = partialMessage != nil }
    }
    /// `partialMessage != nil`, asked on every line without copying the message out.
    private(set) var hasPartialMessage = false
    /// Whether the last message that is no event had a word starting with one of the watched heads
    /// (`init(watching:)`); true when nothing is watched.
    private(set) var sawWatchedWord = true

    /// The messages with a callback word read lately, with what each was read as.
    private var cache: RecognitionCache
    /// Finds where a keyword or a watched word may start: the scan looks at no other word.
    private let sieve: KeywordSieve
    /// `KeywordTable.shared`, held: reading a global checks that it is initialised (a call) each time.
    private let table = KeywordTable.shared
    /// The watched words' head bits (`KeywordTable.headBit`), nil when none are watched.
    private let watchedHeads: [UInt64]?

    /// Sieves that also stop at watched words, by the words: each parser of each file watches the same few, and a
    /// sieve's table takes 64 KB and about 0.2 M instructions to build.
    private static let watchingSieves = SharedMemo<[[UInt8]], KeywordSieve>(capacity: 4)

    /// Whether the scan can tell `word` at a word start: it has a head (four bytes or more) and starts with an ASCII
    /// letter or `_`.
    static func canWatch(_ word: [UInt8]) -> Bool {
        word.count >= KeywordTable.minWordLength && (ASCII.isLetter(word[0]) || word[0] == ASCII.underscore)
    }

    /// `watching`: words that `canWatch` allows, whose presence the parser wants told (`sawWatchedWord`) at no cost
    /// to the scan: the sieve stops at them as at keywords. A word may be reported that is not there (another word
    /// shares its head), never missed.
    init(names: ControllerNames = ControllerNames(), watching words: [[UInt8]]? = nil) {
        self.names = names
        cache = RecognitionCache(keeps: names.keepsReadings)
        if let words {
            var watched = [UInt64](repeating: 0, count: 64)
            for word in words {
                precondition(Self.canWatch(word), "a watched word starts a word and has a head")
                KeywordTable.insert(word.withUnsafeBufferPointer { KeywordTable.headBit($0, at: 0) }, into: &watched)
            }
            watchedHeads = watched
            sieve = Self.watchingSieves.value(for: words) { KeywordSieve(heads: KeywordTable.shared.spellings + words) }
        } else {
            watchedHeads = nil
            sieve = KeywordTable.shared.sieve
        }
    }

    /// What a message is. Only `event` has a payload (the reason of `unattributed` is in `rejection`), so the parser,
    /// which asks on every line, has nothing to free for a line that is no event. The event comes in its parts: bound
    /// by a `switch` on the outcome, each is moved on into the parser's event, where a `RecognizedEvent` bound there
    /// would be copied field by field and then destroyed.
    enum Outcome: Equatable {
        case event(EventKind, controller: ControllerRef?, argument: ControllerArgument?)
        /// A callback word Lifeline will not attribute (`Will call viewWillAppear on child`).
        case unattributed
        case none

        /// The outcome for an event a dialect made whole (observer lines, UIKit's warnings, C# finalizers, custom patterns).
        static func event(_ event: consuming RecognizedEvent) -> Outcome {
            .event(event.kind, controller: event.controller, argument: event.argument)
        }

        /// The event, if the message is one.
        var event: RecognizedEvent? {
            guard case .event(let kind, let controller, let argument) = self else { return nil }
            return RecognizedEvent(kind: kind, controller: controller, argument: argument)
        }
    }

    /// Goes on with a message that an earlier line started (`partialMessage`) in the message `b[range]`.
    mutating func resume(_ partial: UIKitMessages.Partial, _ b: Bytes, in range: Range<Int>) -> UIKitMessages.Outcome {
        UIKitMessages.resume(partial, b, in: range, names: &names)
    }

    /// What `b[range]` is. `mayHoldTilde`: false when the caller knows the message has no `~` (its whole chunk has
    /// none), which spares looking for C# finalizers.
    ///
    /// From its first callback word on, what a message is depends on its text alone: there it is looked up whole in
    /// the messages read lately (`RecognitionCache`), and read on only when it is not among them.
    mutating func recognize(_ b: Bytes, in range: Range<Int>, mayHoldTilde: Bool = true) -> Outcome {
        lastDialect = nil
        if rejection != nil { rejection = nil }  // assigning nil releases the old value: a call on every line
        if hasPartialMessage { partialMessage = nil }
        vouching = .none
        printSite = 0
        let end = range.upperBound
        // C# finalizers (`~Name()`) are the one event with no keyword: the words after a `~` are looked at too.
        let tilde = mayHoldTilde ? b.firstIndex(of: ASCII.tilde, in: range) ?? end : end
        // Most lines hold no keyword: they are done with one pass of the sieve, before the rest is set up.
        let first = sieve.firstCandidate(b, from: range.lowerBound, lower: range.lowerBound, end: end, classes: table.classes) ?? end
        guard first < end || tilde < end else {
            sawWatchedWord = watchedHeads == nil
            return .none
        }
        return recognize(b, in: range, first: first, tilde: tilde)
    }

    /// `recognize` for a message with a keyword candidate at `first` or a `~` at `tilde`.
    @inline(never)
    private mutating func recognize(_ b: Bytes, in range: Range<Int>, first: Int, tilde: Int) -> Outcome {
        let table = self.table
        let classes = table.classes
        let watchedHeads = self.watchedHeads
        var sawWatched = watchedHeads == nil
        let end = range.upperBound
        var tilde = tilde
        var next = range.lowerBound
        var found: Int? = first
        // The message's cache slot once a callback word was found in it and not the message in the cache; -1 before,
        // -2 when the message is not kept.
        var slot = -1
        while true {
            let candidate: Int
            if let first = found {
                candidate = first
                found = nil
            } else {
                candidate = sieve.firstCandidate(b, from: next, lower: range.lowerBound, end: end, classes: classes) ?? end
            }
            if tilde < candidate {
                let start = tilde + 1
                tilde = b.firstIndex(of: ASCII.tilde, in: start..<end) ?? end
                guard start < end, classes[b[start]] & ByteClass.wordStart != 0 else { continue }
                let wordEnd = classes.wordEnd(b, from: start + 1, limit: end)
                if let event = CSharpFinalizerDialect.event(b, start, wordEnd, range, &names) {
                    lastDialect = CSharpFinalizerDialect.self
                    return .event(event)
                }
                if start < candidate { continue }  // the candidate is that word: it is a keyword's too
            }
            guard candidate < end else { break }
            let start = candidate
            next = start + 1
            let head = KeywordTable.headBit(b, at: start)
            if let watchedHeads, KeywordTable.contains(head, in: watchedHeads) { sawWatched = true }
            // A keyword starts a word: not after an ASCII letter or digit (the sieve saw to that) nor after a letter of
            // another script (`首页viewDidLoad` is one word, while `🟢viewDidAppear` and `HomeVC—viewDidLoad` are not).
            guard table.isKeywordHead(head), classes[b[start]] & ByteClass.wordStart != 0 else { continue }
            if start > range.lowerBound, b[start - 1] >= 0x80, Self.continuesNonASCIIWord(b, start, lower: range.lowerBound) { continue }
            let wordEnd = classes.wordEnd(b, from: start + 1, limit: end)
            next = wordEnd
            guard let keyword = table.keyword(b, start..<wordEnd) else {
                if wordEnd - start > 8, ASCII.isDigit(b[wordEnd - 1]), let event = NumberedCallbackDialect.event(b, start, wordEnd, range, &names) {
                    lastDialect = NumberedCallbackDialect.self
                    return .event(event)
                }
                continue
            }
            switch keyword {
            case .callback(let callback):
                if slot == -1 {
                    slot = cache.slot(b, range, word: start) ?? -2
                    if slot >= 0, cache.holds(b, range, at: slot) { return take(at: slot) }
                }
                switch callbackEvent(callback, b, start..<wordEnd, range) {
                case .controller(let controller, let argument):
                    if slot >= 0 {
                        let dialect = Int8(DialectRegistry.naming.firstIndex { $0 == lastDialect } ?? -1)
                        cache.keep(RecognitionCache.Reading(outcome: .callback, callback: callback, controller: controller, dialect: dialect,
                                                            vouching: vouching, printSite: printSite),
                                   argument: argument, at: slot, for: b, range)
                    }
                    return .event(.callback(callback), controller: controller, argument: argument)
                case .rejected(let why): rejection = rejection ?? why
                case .notACallback: break
                }
            case .observer(let adds):
                return .event(ObserverDialect.event(adds: adds, b, start..<wordEnd, range, &names))
            case .warningTrigger(let trigger):
                switch UIKitMessages.match(b, in: range, trigger: trigger, at: start, names: &names) {
                case .message(let summary, let blamed):
                    return .event(RecognizedEvent(kind: .uikitWarning(summary), controller: blamed, argument: nil))
                case .partial(let partial):
                    if !hasPartialMessage { partialMessage = partial }
                case .none:
                    break
                }
            }
        }
        sawWatchedWord = sawWatched
        if slot >= 0, !hasPartialMessage {
            cache.keep(RecognitionCache.Reading(outcome: rejection == nil ? .none : .unattributed), reason: rejection, at: slot, for: b, range)
        }
        return rejection == nil ? .none : .unattributed
    }

    /// The outcome of the message read before that `cache` keeps at `slot`, with what was said about it.
    private mutating func take(at slot: Int) -> Outcome {
        sawWatchedWord = true  // may be told of a word that is not there, never miss one
        let reading = cache.reading(at: slot)
        switch reading.outcome {
        case .none:
            return .none
        case .unattributed:
            rejection = cache.reason(at: slot)
            return .unattributed
        case .callback:
            lastDialect = reading.dialect >= 0 ? DialectRegistry.naming[Int(reading.dialect)] : nil
            vouching = reading.vouching
            printSite = reading.printSite
            return .event(.callback(reading.callback), controller: reading.controller, argument: cache.argument(at: slot))
        }
    }

    // MARK: Callbacks

    private enum CallbackOutcome {
        case controller(ControllerRef, argument: ControllerArgument?)
        case rejected(String)
        /// The word is part of a longer name (`viewDidLoadCount`, `viewDidLoad.swift`).
        case notACallback
    }

    @inline(__always)
    private mutating func callbackEvent(_ callback: Callback, _ b: Bytes, _ word: Range<Int>, _ range: Range<Int>) -> CallbackOutcome {
        let afterSyntax = Self.skipArgumentSyntax(b, from: word.upperBound, limit: range.upperBound)
        guard Self.isWordBoundary(b, afterSyntax, range.upperBound) else { return .notACallback }
        if let frame = BacktraceFrames.shape(b, range, word: word, afterSyntax: afterSyntax) {
            return .rejected("\(callback.rawValue): \(frame.name), not a log of the callback")
        }
        let scan = CallbackWord(bytes: b, message: range, word: word, callback: callback, afterSyntax: afterSyntax)
        for dialect in DialectRegistry.naming {
            switch dialect.attribute(scan, names: &names) {
            case .notThisShape:
                continue
            case .rejected(let why):
                return .rejected("\(callback.rawValue): \(why)")
            case .controller(let controller):
                lastDialect = dialect
                // A selector only UIViewController has, logged as its method (`-[Foo willMoveToParentViewController:]`,
                // `Foo.willMove(toParent:)`), shows a controller; a label's text before it may be a step marker.
                let isLabel = dialect == LabelBeforeDialect.self || dialect == LabelAfterDialect.self
                vouching = names.vouchingRole(of: controller, callback, label: isLabel,
                                              controllerOnly: !isLabel && callback.isControllerOnly(spelling: b, word, afterSyntax: scan.afterSyntax))
                if vouching != .none { printSite = Self.printSite(of: controller, isLabel: isLabel, b, word: word.lowerBound..<afterSyntax, range) }
                let argument = callback.takesControllerArgument ? Self.argument(b, from: word.upperBound, range.upperBound, &names) : nil
                return .controller(controller, argument: argument)
            }
        }
        return .rejected("\(callback.rawValue): no controller named")
    }

    /// The print site of a label's line, 0 for other dialects: `-[Person dealloc]` and `-[HomeVC viewDidLoad]` share
    /// the language's syntax, not a print statement.
    private static func printSite(of controller: ControllerRef, isLabel: Bool, _ b: Bytes, word: Range<Int>, _ range: Range<Int>) -> UInt32 {
        guard isLabel else { return 0 }
        let name = Array(controller.name.utf8)
        var label: Range<Int>?
        var i = range.lowerBound
        while label == nil, let first = b.firstIndex(of: name.first ?? 0, in: i..<range.upperBound) {
            if b.matches(name, at: first, before: range.upperBound) { label = first..<(first + name.count) }
            i = first + 1
        }
        return PrintSite.fingerprint(b, message: range, label: label, callback: word) ?? 0
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

    /// A callback word must end the word: `viewDidLoadCount` or `viewDidLoad.swift` are not events, while
    /// `viewDidLoad...`, `viewDidLoad!`, `viewDidLoad—HomeVC` and `viewDidLoad🟢` are.
    private static func isWordBoundary(_ b: Bytes, _ i: Int, _ limit: Int) -> Bool {
        guard i < limit else { return true }
        let byte = b[i]
        if byte == ASCII.period { return i + 1 == limit || b[i + 1] == ASCII.space || b[i + 1] == ASCII.period }
        if byte >= 0x80 {
            guard let (scalar, _) = LabelText.scalar(startingAt: i, in: b, limit: limit) else { return true }
            return !LabelText.isLabelScalar(scalar)
        }
        return !ASCII.isIdentifier(byte)
    }

    /// Whether the word at `start` follows a non-ASCII letter (`首页viewDidLoad` is one word), rather than an
    /// emoji or a dash (`🟢viewDidAppear`, `HomeVC—viewDidLoad`).
    private static func continuesNonASCIIWord(_ b: Bytes, _ start: Int, lower: Int) -> Bool {
        guard let (scalar, _) = LabelText.scalar(endingAt: start, in: b, lower: lower) else { return false }
        return LabelText.isLabelScalar(scalar)
    }

    /// The containment argument: the first `<X: 0x…>`, `nil`/`(null)`, or (label dialect) the next word.
    private static func argument(_ b: Bytes, from: Int, _ limit: Int, _ names: inout ControllerNames) -> ControllerArgument? {
        var i = from
        while i < limit {
            let byte = b[i]
            if byte == ASCII.less, let parsed = ControllerRefParser.parseAngle(b, at: i, limit: limit, names: &names) {
                return .controller(parsed.ref)
            }
            if byte == UInt8(ascii: "n") || byte == ASCII.openParen, i == from || !ASCII.isIdentifier(b[i - 1]),
               isNilMarker(b, at: i, limit: limit) {
                return ControllerArgument.noParent
            }
            i += 1
        }
        // A value glued to a one-argument selector: `willMoveToParent:container`, `didMoveToParentViewController:nil`.
        if from < limit, b[from] == ASCII.colon, from + 1 < limit, ASCII.isLetter(b[from + 1]) || b[from + 1] == ASCII.underscore {
            var end = from + 1
            while end < limit, ASCII.isIdentifier(b[end]) || b[end] == ASCII.period { end += 1 }
            if end == limit || !(ASCII.isIdentifier(b[end]) || b[end] == ASCII.colon) {
                if isNilMarker(b, at: from + 1, limit: limit) { return ControllerArgument.noParent }
                return .controller(ControllerRef(interned: names.name(b, (from + 1)..<end)))
            }
        }
        // Swift's call with a label for its value: `willMove(toParent: ParentVC)`.
        if from < limit, b[from] == ASCII.openParen, let colon = b.firstIndex(of: ASCII.colon, in: from..<limit) {
            let start = b.skippingBlanks(from: colon + 1)
            var end = start
            while end < limit, ASCII.isIdentifier(b[end]) || b[end] == ASCII.period { end += 1 }
            if end > start, end < limit, b[end] == ASCII.closeParen,
               ControllerRefParser.looksLikeController(UnsafeBufferPointer(rebasing: b[start..<end])) {
                return .controller(ControllerRef(interned: names.name(b, start..<end)))
            }
        }
        // Plain dialect: `vc4 willMoveToParent vc3`.
        let wordStart = b.skippingBlanks(from: skipArgumentSyntax(b, from: from, limit: limit))
        var wordEnd = wordStart
        while wordEnd < limit, ASCII.isIdentifier(b[wordEnd]) || b[wordEnd] == ASCII.period { wordEnd += 1 }
        guard wordEnd > wordStart, wordStart > from,
              ControllerRefParser.looksLikeController(UnsafeBufferPointer(rebasing: b[wordStart..<wordEnd])) else { return nil }
        return .controller(ControllerRef(interned: names.name(b, wordStart..<wordEnd)))
    }

    /// Whether `nil`, `(null)` or `null` stands at `i` as a whole word (the caller checks for `n` or `(` first).
    private static func isNilMarker(_ b: Bytes, at i: Int, limit: Int) -> Bool {
        for marker in ["nil", "(null)", "null"] as [StaticString] where b.matches(marker, at: i) {
            let after = i + marker.utf8CodeUnitCount
            if after <= limit, after == limit || !ASCII.isIdentifier(b[after]) { return true }
        }
        return false
    }
}
