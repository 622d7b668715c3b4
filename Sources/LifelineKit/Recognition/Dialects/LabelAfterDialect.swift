/// The callback first, then who: `print(#function, self)` (`viewWillAppear(_:) <Shop.HomeVC: 0x7f…>`) or a
/// label that reads as a controller (`viewDidLoad: HomeVC`, `ViewDidAppear - HomeVC`). Only when nothing but
/// separators stands before the callback.
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
        ])

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, limit = word.message.upperBound
        guard !word.callback.takesControllerArgument, LabelText.hasNoLetter(b, word.message.lowerBound..<word.word.lowerBound) else {
            return .notThisShape
        }
        var i = word.afterSyntax
        for _ in 0...fillerWords.count {
            while i < limit, [ASCII.space, ASCII.tab, ASCII.colon, ASCII.minus, ASCII.comma, ASCII.greater, 0x7C].contains(b[i]) { i += 1 }
            if i < limit, b[i] == ASCII.less, let parsed = ControllerRefParser.parseAngle(b, at: i, limit: limit, names: &names) {
                return .controller(parsed.ref)
            }
            var end = i
            while end < limit, ASCII.isIdentifier(b[end]) || b[end] == ASCII.period { end += 1 }
            guard end > i else { return .notThisShape }
            let text = UnsafeBufferPointer(rebasing: b[i..<end])
            if ControllerRefParser.looksLikeController(text) {
                let name = LabelText.genericTypeName(startingAt: i, in: b, limit: limit) ?? i..<end
                return .controller(ControllerRef(name: names.intern(b, name)))
            }
            guard fillerWords.contains(b.string(i..<end).lowercased()) else { return .notThisShape }
            i = end
        }
        return .notThisShape
    }

    /// Words that may stand between the callback and its controller: `viewDidLoad called on HomeVC`.
    private static let fillerWords: Set<String> = ["called", "call", "is", "was", "on", "for", "in", "of", "from", "by", "at"]
}
