/// `NSLog(@"%s", __func__)` and `-[Class selector]` printed by hand, after any prefix (`111-[Cart viewDidLoad]`).
enum ObjCMethodDialect: NamingDialect {
    static let description = DialectDescription(
        identifier: "objc-method",
        summary: "an Objective-C method name, `-[Class selector]`, after any prefix",
        samples: [
            DialectSample("-[ProfileViewController viewDidAppear:]", .callback(.viewDidAppear, controller: "ProfileViewController")),
            DialectSample("111-[ViewController viewDidLoad]", .callback(.viewDidLoad, controller: "ViewController")),
            DialectSample("[ProfileViewController viewWillAppear]", .callback(.viewWillAppear, controller: "ProfileViewController")),
            DialectSample("-[DetailViewController dealloc]", .callback(.dealloc, controller: "DetailViewController")),
            DialectSample("-[Cart willMoveToParentViewController:] (null)", .callback(.willMove, controller: "Cart", argument: "nil")),
            DialectSample("4   Shop   0x0000000100a1b2c3 -[CartViewController viewDidLoad] + 52", .unattributed),
            DialectSample("[super viewDidLoad];", .unattributed),
        ])

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, lower = word.message.lowerBound
        var nameEnd = word.word.lowerBound
        guard nameEnd > lower, b[nameEnd - 1] == ASCII.space else { return .notThisShape }
        while nameEnd > lower, b[nameEnd - 1] == ASCII.space { nameEnd -= 1 }
        let nameStart = DottedName.start(b, before: nameEnd, lowerBound: lower)
        guard nameStart < nameEnd, nameStart > lower, b[nameStart - 1] == ASCII.openBracket else { return .notThisShape }
        if StackFrame.isObjCFrame(b, after: word.word.upperBound, limit: word.message.upperBound) {
            return .rejected("a stack frame, not a log of the callback")
        }
        if CodeReceiver.isCodeReceiver(b, nameStart..<nameEnd) {
            return .rejected("‘[\(b.string(nameStart..<word.word.upperBound))]’ is code, not a log of the callback")
        }
        return .controller(ControllerRef(interned: names.name(b, nameStart..<nameEnd)))
    }
}

/// Names with module or namespace dots: `Shop.CartViewController`.
enum DottedName {
    /// Where the dotted name that ends at `end` starts (leading dots dropped).
    static func start(_ b: Bytes, before end: Int, lowerBound: Int) -> Int {
        var i = end
        while i > lowerBound, ASCII.isIdentifier(b[i - 1]) || b[i - 1] == ASCII.period { i -= 1 }
        while i < end, b[i] == ASCII.period { i += 1 }
        return i
    }
}
