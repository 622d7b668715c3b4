/// The callback first, then who: `print(#function, self)` (`viewWillAppear(_:) <Shop.HomeVC: 0x7f…>`) or a
/// label that reads as a controller (`viewDidLoad: HomeVC`, `ViewDidAppear - HomeVC`). Only when nothing but
/// separators, times and tags (`DEBUG`, `[Lifecycle]`) stands before the callback.
enum LabelAfterDialect: NamingDialect {
    static let description = DialectDescription(
        identifier: "label-after",
        summary: "the callback, then the instance's description or a controller-like label",
        samples: [
            DialectSample("viewWillAppear(_:) <Shop.HomeVC: 0x7f01>", .callback(.viewWillAppear, controller: "<Shop.HomeVC: 0x7f01>")),
            DialectSample("viewDidLoad: HomeVC", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("ViewDidAppear - HomeVC", .callback(.viewDidAppear, controller: "HomeVC")),
            DialectSample("- viewDidDisappear(_:) ProfileViewController", .callback(.viewDidDisappear, controller: "ProfileViewController")),
            DialectSample("viewWillAppear(_:) called on HomeVC", .callback(.viewWillAppear, controller: "HomeVC")),
            DialectSample("viewDidLoad -> CartScreen", .callback(.viewDidLoad, controller: "CartScreen")),
            DialectSample("viewDidLoad() - ListController<Product>", .callback(.viewDidLoad, controller: "ListController<Product>")),
            DialectSample("viewDidLoad [HomeVC]", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("viewDidLoad (HomeVC)", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("[deinit] HomeVC", .callback(.dealloc, controller: "HomeVC")),
            DialectSample("viewDidLoad → HomeVC", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("viewDidLoad() HomeVC.swift:27", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("viewDidLoad() @ HomeVC.swift:27", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("viewDidLoad -[HomeVC viewDidLoad]", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("[Lifecycle] viewDidLoad: HomeVC", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("viewDidLoad (Page 2)", .callback(.viewDidLoad, controller: "Page 2")),
            DialectSample("DEBUG viewWillAppear(_:) HomeViewController", .callback(.viewWillAppear, controller: "HomeViewController")),
        ])

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, limit = word.message.upperBound
        guard !word.callback.takesControllerArgument, LabelText.hasNoLabel(b, word.before) else {
            return .notThisShape
        }
        var i = word.afterSyntax
        for _ in 0...fillerWords.count {
            i = skipSeparators(b, from: i, limit: limit)
            if i < limit, b[i] == ASCII.less, let parsed = ControllerRefParser.parseAngle(b, at: i, limit: limit, names: &names) {
                // `print(#function, Thread.current)`: `<NSThread: 0x…>{number = 1, name = main}` is a thread.
                let isThread = parsed.end < limit && b[parsed.end] == ASCII.openBrace && parsed.ref.name.hasSuffix("Thread")
                return isThread ? .notThisShape : .controller(parsed.ref)
            }
            var end = i
            while end < limit, ASCII.isIdentifier(b[end]) || b[end] == ASCII.period { end += 1 }
            guard end > i else { return .notThisShape }
            let text = UnsafeBufferPointer(rebasing: b[i..<end])
            if ControllerRefParser.looksLikeController(text) {
                let name = LabelText.genericTypeName(startingAt: i, in: b, limit: limit) ?? LabelText.withoutFileExtension(b, i..<end)
                return .controller(ControllerRef(interned: names.name(b, name == i..<end ? withNumber(b, name, limit: limit) : name)))
            }
            guard fillerWords.contains(b.string(i..<end).lowercased()) else { return .notThisShape }
            i = end
        }
        return .notThisShape
    }

    /// `name` and the number after it that ends the message or a bracket (`viewDidLoad (Page 1)`): as before a
    /// callback (`Page 1 viewDidLoad`), the number tells two pages apart.
    private static func withNumber(_ b: Bytes, _ name: Range<Int>, limit: Int) -> Range<Int> {
        guard name.upperBound + 1 < limit, b[name.upperBound] == ASCII.space else { return name }
        var end = name.upperBound + 1
        while end < limit, ASCII.isDigit(b[end]) { end += 1 }
        guard end > name.upperBound + 1, end == limit || b[end] == ASCII.closeParen || b[end] == ASCII.closeBracket else { return name }
        return name.lowerBound..<end
    }

    /// Skips what may stand between the callback and its controller: blanks, `:`, `-`, `,`, `>`, `|`, `@`, brackets
    /// and parentheses (`viewDidLoad [HomeVC]`, `[deinit] HomeVC`, `viewDidLoad -[HomeVC viewDidLoad]`), and any
    /// symbol or emoji outside ASCII (`viewDidLoad → HomeVC`).
    private static func skipSeparators(_ b: Bytes, from start: Int, limit: Int) -> Int {
        var i = start
        while i < limit {
            let byte = b[i]
            if byte >= 0x80 {
                guard let (scalar, next) = LabelText.scalar(startingAt: i, in: b, limit: limit), !LabelText.isLabelScalar(scalar) else { break }
                i = next
                continue
            }
            guard isSeparator(byte) else { break }
            i += 1
        }
        return i
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.space, ASCII.tab, ASCII.colon, ASCII.minus, ASCII.comma, ASCII.greater, 0x7C, 0x40,
             ASCII.openBracket, ASCII.closeBracket, ASCII.openParen, ASCII.closeParen:
            return true
        default:
            return false
        }
    }

    /// Words that may stand between the callback and its controller: `viewDidLoad called on HomeVC`.
    private static let fillerWords: Set<String> = ["called", "call", "is", "was", "on", "for", "in", "of", "from", "by", "at"]
}
