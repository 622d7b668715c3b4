/// `print(self, #function)`: UIKit's description of the instance, then the callback (quoted by `debugPrint`).
enum DescriptionBeforeDialect: NamingDialect {
    static let description = DialectDescription(
        identifier: "description-before",
        summary: "the instance's description, then the callback: one instance per address and process",
        samples: [
            DialectSample("<Shop.CartViewController: 0x7fa1c8d0a200> viewDidLoad()",
                          .callback(.viewDidLoad, controller: "<Shop.CartViewController: 0x7fa1c8d0a200>")),
            DialectSample("<CartViewController: 0x7f01; view = <UIView: 0x7f02>> viewWillAppear:",
                          .callback(.viewWillAppear, controller: "<CartViewController: 0x7f01>")),
            DialectSample("<Shop.CartViewController: 0x7f01> - willMove(toParent:) <UINavigationController: 0x7f09>",
                          .callback(.willMove, controller: "<Shop.CartViewController: 0x7f01>", argument: "<UINavigationController: 0x7f09>")),
            DialectSample("Optional(<Shop.CartViewController: 0x7f01>) viewDidLoad()",
                          .callback(.viewDidLoad, controller: "<Shop.CartViewController: 0x7f01>")),
            DialectSample("<Shop.CartViewController: 0x7f01> \"viewDidLoad()\"",
                          .callback(.viewDidLoad, controller: "<Shop.CartViewController: 0x7f01>")),
            DialectSample("<Shop.CartViewController: 0x7f01> is being deinitialized",
                          .callback(.dealloc, controller: "<Shop.CartViewController: 0x7f01>")),
            DialectSample("<Shop.CartViewController: 0x7f01> was deallocated", .callback(.dealloc, controller: "<Shop.CartViewController: 0x7f01>")),
            DialectSample("<Shop.CartViewController: 0x7f01> <NSThread: 0x7f05>{number = 7, name = (null)} viewWillAppear(_:)",
                          .callback(.viewWillAppear, controller: "<Shop.CartViewController: 0x7f01>")),
            DialectSample("<private> viewDidLoad()", .unattributed),
            DialectSample("<mask.hash: 'Gy+aRbBh2dJ5tlAVd8dQtg=='> viewDidLoad()", .unattributed),
        ])

    private static let optional: StaticString = "Optional("

    /// Whether the text ending at `end` is how `os_log` and `Logger` print a value they keep private: `<private>`,
    /// or `<mask.hash: '…'>` for `privacy: .private(mask: .hash)`.
    private static func isRedaction(_ b: Bytes, endingAt end: Int, lower: Int) -> Bool {
        let redacted: StaticString = "<private>", masked: StaticString = "<mask."
        if end - redacted.utf8CodeUnitCount >= lower, b.matches(redacted, at: end - redacted.utf8CodeUnitCount) { return true }
        var open = end - 1
        while open > lower, b[open] != ASCII.less { open -= 1 }
        return b[open] == ASCII.less && b.matches(masked, at: open)
    }

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, lower = word.message.lowerBound
        var end = word.word.lowerBound
        // `debugPrint(self, #function)` quotes the string: `<…> "viewDidLoad()"`.
        if end > lower, b[end - 1] == ASCII.quote { end -= 1 }
        guard end > lower, b[end - 1] == ASCII.space else { return .notThisShape }
        // `<…> viewDidLoad`, also with a separator between (`<…> - viewDidLoad`, `<…>: viewDidLoad`).
        while end > lower, b[end - 1] == ASCII.space || b[end - 1] == ASCII.minus || b[end - 1] == ASCII.colon || b[end - 1] == 0x7C { end -= 1 }
        // `print("\(self) is being deinitialized")`: linking words between the description and the callback.
        while let start = LabelText.linkingWordStart(endingAt: end, in: b, lower: lower) {
            end = start
            while end > lower, b[end - 1] == ASCII.space { end -= 1 }
        }
        // `print(self, Thread.current, #function)`: the thread's description stands between (`CallbackWord.before`).
        if end > lower, b[end - 1] == ASCII.closeBrace,
           let thread = LabelText.threadDescriptionStart(endingAt: end, in: b, lower: lower) {
            end = thread
            while end > lower, b[end - 1] == ASCII.space { end -= 1 }
        }
        // `print(optionalController, #function)` wraps the description: `Optional(<…>) viewDidLoad()`.
        let wrapped = end > lower && b[end - 1] == ASCII.closeParen
        if wrapped { end -= 1 }
        guard end > lower, b[end - 1] == ASCII.greater else { return .notThisShape }
        guard let parsed = ControllerRefParser.parseAngle(b, endingAt: end, lowerBound: lower, names: &names) else {
            if isRedaction(b, endingAt: end, lower: lower) {
                return .rejected("the unified log redacted the controller’s description; log it as public (%{public}@, privacy: .public)")
            }
            return .notThisShape
        }
        if wrapped {
            let opening = parsed.start - Self.optional.utf8CodeUnitCount
            guard opening >= lower, b.matches(Self.optional, at: opening) else { return .notThisShape }
        }
        return .controller(parsed.ref)
    }
}
