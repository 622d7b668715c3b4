/// `Class.method`: Swift's `"\(Self.self).\(#function)"`, C# `nameof` output, stack-like traces.
enum DottedCallDialect: NamingDialect {
    static let description = DialectDescription(
        identifier: "dotted-call",
        summary: "`Class.callback`: the class, a dot, then the callback (Swift or C#)",
        samples: [
            DialectSample("Shop.CartViewController.viewDidLoad()", .callback(.viewDidLoad, controller: "Shop.CartViewController")),
            DialectSample("CartViewController.ViewWillAppear", .callback(.viewWillAppear, controller: "CartViewController")),
            DialectSample("super.viewWillAppear(animated)", .unattributed),
        ])

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, lower = word.message.lowerBound
        let dot = word.word.lowerBound - 1
        guard dot > lower, b[dot] == ASCII.period else { return .notThisShape }
        let nameStart = DottedName.start(b, before: dot, lowerBound: lower)
        guard nameStart < dot else { return .notThisShape }
        let name = b.string(nameStart..<dot)
        if ["super", "self", "base", "this"].contains(name) { return .rejected("‘\(name).\(b.string(word.word))’ is code, not a log of the callback") }
        return .controller(ControllerRef(name: names.intern(b, nameStart..<dot)))
    }
}
