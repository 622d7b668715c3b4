/// `Class.method`: Swift's `"\(Self.self).\(#function)"`, C# `nameof` output, stack-like traces.
enum DottedCallDialect: NamingDialect {
    static let description = DialectDescription(
        identifier: "dotted-call",
        summary: "`Class.callback`: the class, a dot, then the callback (Swift or C#)",
        samples: [
            DialectSample("Shop.CartViewController.viewDidLoad()", .callback(.viewDidLoad, controller: "Shop.CartViewController")),
            DialectSample("CartViewController.ViewWillAppear", .callback(.viewWillAppear, controller: "CartViewController")),
            DialectSample("super.viewWillAppear(animated)", .unattributed),
            DialectSample("  at Shop.CartViewController.ViewDidLoad () [0x00001] in CartViewController.cs:42", .unattributed),
        ])

    /// `super.viewDidLoad()` and its kin call the method; they do not log it.
    private static let codeReceivers: [StaticString] = ["super", "self", "base", "this"]

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, lower = word.message.lowerBound
        let dot = word.word.lowerBound - 1
        guard dot > lower, b[dot] == ASCII.period else { return .notThisShape }
        let nameStart = DottedName.start(b, before: dot, lowerBound: lower)
        guard nameStart < dot else { return .notThisShape }
        if StackFrame.isCSharpFrame(b, word.message) { return .rejected("a stack frame, not a log of the callback") }
        for receiver in codeReceivers where dot - nameStart == receiver.utf8CodeUnitCount && b.matches(receiver, at: nameStart) {
            return .rejected("‘\(b.string(nameStart..<word.word.upperBound))’ is code, not a log of the callback")
        }
        return .controller(ControllerRef(name: names.intern(b, nameStart..<dot)))
    }
}

/// Lines of a crash or exception backtrace, which name callbacks without logging them.
enum StackFrame {
    /// C#: `  at Shop.CartViewController.ViewDidLoad () [0x00001] in CartViewController.cs:42`.
    static func isCSharpFrame(_ b: Bytes, _ message: Range<Int>) -> Bool {
        let start = b.skippingBlanks(from: message.lowerBound)
        return start + 3 <= message.upperBound && b.matches("at ", at: start)
    }

    /// Objective-C: `3   UIKitCore   0x00000001 -[UIViewController viewDidLoad] + 123`.
    static func isObjCFrame(_ b: Bytes, after end: Int, limit: Int) -> Bool {
        guard let close = b.firstIndex(of: ASCII.closeBracket, in: end..<limit) else { return false }
        return b.matches(" + ", at: close + 1) && close + 4 <= limit && close + 4 < b.count && ASCII.isDigit(b[close + 4])
    }
}
