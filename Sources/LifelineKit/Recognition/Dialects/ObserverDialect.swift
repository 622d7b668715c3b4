/// Notification observer lines: `addObserver NAME`, `removeObserver: NAME`, `addObserver(forName: .NAME …)`,
/// `removeObserver(self)`. With no controller named they belong to the callback logged before them on their thread.
enum ObserverDialect: Dialect {
    static let description = DialectDescription(
        identifier: "observer",
        summary: "notification observers added and removed, inside a callback or naming their controller",
        samples: [
            DialectSample("addObserver CartDidChange", .observer(.observerAdded("CartDidChange"), controller: nil)),
            DialectSample("removeObserver: CartDidChange", .observer(.observerRemoved("CartDidChange"), controller: nil)),
            DialectSample("NotificationCenter addObserver(forName: .cartDidChange)", .observer(.observerAdded("cartDidChange"), controller: nil)),
            DialectSample("NotificationCenter.default.removeObserver(self)", .observer(.observersRemovedAll, controller: nil)),
            DialectSample("<Shop.Cart: 0x7f01> addObserver Foo", .observer(.observerAdded("Foo"), controller: "<Shop.Cart: 0x7f01>")),
            DialectSample("NotificationCenter.default.addObserver(self, selector: #selector(reload), name: .cartDidChange, object: nil)",
                          .observer(.observerAdded("cartDidChange"), controller: nil)),
            DialectSample("removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)",
                          .observer(.observerRemoved("UIResponder.keyboardWillShowNotification"), controller: nil)),
            DialectSample("[[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(reload:) name:CartDidChange object:nil];",
                          .observer(.observerAdded("CartDidChange"), controller: nil)),
            DialectSample("removeObserver(self, name: nil, object: nil)", .observer(.observersRemovedAll, controller: nil)),
            DialectSample("removeObserver(self, forKeyPath: \"title\")", .observer(.observersRemovedAll, controller: nil)),
        ])

    /// The dialects that may name an observer line's controller before a label is tried; neither reads the word's
    /// callback.
    private static let ownerDialects: [any NamingDialect.Type] = [DescriptionBeforeDialect.self, ObjCMethodDialect.self]

    /// The name of an observer line that names no notification.
    private static let unnamed = "(unnamed)"

    /// The observer event of the `addObserver`/`removeObserver` word at `word`.
    static func event(adds: Bool, _ b: Bytes, _ word: Range<Int>, _ range: Range<Int>, _ names: inout ControllerNames) -> RecognizedEvent {
        let scan = CallbackWord(bytes: b, message: range, word: word, callback: .addChild, afterSyntax: word.upperBound)
        var controller: ControllerRef?
        for dialect in ownerDialects {
            if case .controller(let ref) = dialect.attribute(scan, names: &names) { controller = ref; break }
        }
        if controller == nil, let label = LabelText.lastLabel(in: b, range.lowerBound..<word.lowerBound),
           ControllerRefParser.looksLikeController(UnsafeBufferPointer(rebasing: b[label])) {
            controller = ControllerRef(interned: names.name(b, label))
        }
        var i = word.upperBound
        let limit = range.upperBound
        func skipSeparators() {
            while i < limit, isSeparator(b[i]) { i += 1 }
        }
        skipSeparators()
        // The observer is the controller itself, as code registers it (`addObserver(self, selector: …, name: .x, …)`,
        // `[[NSNotificationCenter defaultCenter] addObserver:self selector:… name:X object:nil]`): the notification
        // is the `name:` argument; `name: nil` is every notification.
        if b.matches("self", at: i), i + 4 < limit, b[i + 4] == ASCII.comma || b[i + 4] == ASCII.space,
           let argument = nameArgument(b, from: i + 4, limit: limit) {
            i = argument
            skipSeparators()
            if b.matches("nil", at: i), i + 3 == limit || !ASCII.isIdentifier(b[i + 3]) {
                return RecognizedEvent(kind: adds ? .observerAdded(Self.unnamed) : .observersRemovedAll, controller: controller, argument: nil)
            }
        }
        for label in ["forName", "name"] as [StaticString] where b.matches(label, at: i) {
            let after = i + label.utf8CodeUnitCount
            if after < limit, b[after] == ASCII.colon || b[after] == ASCII.equals { i = after; skipSeparators() }
        }
        let nameStart = i
        while i < limit, ASCII.isIdentifier(b[i]) || b[i] == ASCII.period { i += 1 }
        var nameEnd = i
        while nameEnd > nameStart, b[nameEnd - 1] == ASCII.period { nameEnd -= 1 }  // `CartDidChange.` is `CartDidChange`
        let named = nameStart < i
        if !adds, named, nameEnd - nameStart == 4, b.matches("self", at: nameStart) {
            return RecognizedEvent(kind: .observersRemovedAll, controller: controller, argument: nil)
        }
        let name = named ? names.intern(b, nameStart..<nameEnd) : Self.unnamed
        return RecognizedEvent(kind: adds ? .observerAdded(name) : .observerRemoved(name), controller: controller, argument: nil)
    }

    /// Where the value of a `name:` argument starts, from `from` (after a byte) on: after `name:` standing as a
    /// word (not `forName:`) outside nested parentheses (`#selector(update(name:))`), before the argument list ends.
    private static func nameArgument(_ b: Bytes, from: Int, limit: Int) -> Int? {
        let label: StaticString = "name:"
        var depth = 0
        for i in from..<limit {
            if b[i] == ASCII.openParen { depth += 1 }
            if b[i] == ASCII.closeParen {
                if depth == 0 { return nil }
                depth -= 1
            }
            if depth == 0, b.matches(label, at: i), !ASCII.isIdentifier(b[i - 1]) { return i + label.utf8CodeUnitCount }
        }
        return nil
    }

    /// What may stand between an observer word and its notification's name: `addObserver(forName: .name…`.
    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.space, ASCII.colon, ASCII.openParen, ASCII.quote, ASCII.period, ASCII.equals, 0x27: return true
        default: return false
        }
    }
}
