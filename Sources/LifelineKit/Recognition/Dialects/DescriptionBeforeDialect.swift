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
        ])

    private static let optional: StaticString = "Optional("

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, lower = word.message.lowerBound
        var end = word.word.lowerBound
        // `debugPrint(self, #function)` quotes the string: `<…> "viewDidLoad()"`.
        if end > lower, b[end - 1] == ASCII.quote { end -= 1 }
        guard end > lower, b[end - 1] == ASCII.space else { return .notThisShape }
        // `<…> viewDidLoad`, also with a separator between (`<…> - viewDidLoad`, `<…>: viewDidLoad`).
        while end > lower, b[end - 1] == ASCII.space || b[end - 1] == ASCII.minus || b[end - 1] == ASCII.colon || b[end - 1] == 0x7C { end -= 1 }
        // `print(optionalController, #function)` wraps the description: `Optional(<…>) viewDidLoad()`.
        let wrapped = end > lower && b[end - 1] == ASCII.closeParen
        if wrapped { end -= 1 }
        guard end > lower, b[end - 1] == ASCII.greater,
              let parsed = ControllerRefParser.parseAngle(b, endingAt: end, lowerBound: lower, names: &names) else { return .notThisShape }
        if wrapped {
            let opening = parsed.start - Self.optional.utf8CodeUnitCount
            guard opening >= lower, b.matches(Self.optional, at: opening) else { return .notThisShape }
        }
        return .controller(parsed.ref)
    }
}
