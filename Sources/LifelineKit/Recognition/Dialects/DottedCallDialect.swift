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
            DialectSample("2   Shop   0x0000000100a1b2c3 Shop.CartViewController.viewDidLoad() + 52", .unattributed),
            DialectSample("3   Shop   0x0000000100a1b2c3 CartViewController.viewDidLoad() -> () + 52 (CartViewController.swift:42)",
                          .unattributed),
            DialectSample("frame #3: 0x0000000100a1b2c3 Shop`CartViewController.viewDidLoad(self=0x00007fb1e2d05a40) at CartViewController.swift:42:9",
                          .unattributed),
        ])

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes, lower = word.message.lowerBound
        let dot = word.word.lowerBound - 1
        guard dot > lower, b[dot] == ASCII.period else { return .notThisShape }
        let nameStart = DottedName.start(b, before: dot, lowerBound: lower)
        guard nameStart < dot else { return .notThisShape }
        if StackFrame.isCSharpFrame(b, word.message) || StackFrame.isSwiftFrame(b, symbolStart: nameStart, afterSyntax: word.afterSyntax, limit: word.message.upperBound) {
            return .rejected("a stack frame, not a log of the callback")
        }
        if CodeReceiver.isCodeReceiver(b, nameStart..<dot) {
            return .rejected("‘\(b.string(nameStart..<word.word.upperBound))’ is code, not a log of the callback")
        }
        return .controller(ControllerRef(interned: names.name(b, nameStart..<dot)))
    }
}

/// `super.viewDidLoad()`, `[super viewDidLoad];` and their kin call the method in code pasted into a log; they
/// do not log it.
enum CodeReceiver {
    private static let names: [StaticString] = ["super", "self", "base", "this"]

    /// Whether `b[name]` is `super`, `self`, `base` or `this`.
    static func isCodeReceiver(_ b: Bytes, _ name: Range<Int>) -> Bool {
        names.contains { name.count == $0.utf8CodeUnitCount && b.matches($0, at: name.lowerBound) }
    }
}

/// Lines of a crash or exception backtrace, which name callbacks without logging them.
enum StackFrame {
    /// C#: `  at Shop.CartViewController.ViewDidLoad () [0x00001] in CartViewController.cs:42`.
    static func isCSharpFrame(_ b: Bytes, _ message: Range<Int>) -> Bool {
        let start = b.skippingBlanks(from: message.lowerBound)
        return start + 3 <= message.upperBound && b.matches("at ", at: start)
    }

    /// Swift, as crash reports and `Thread.callStackSymbols` print it, `2   Shop   0x0000000100a1b2c3
    /// Shop.CartViewController.viewDidLoad() + 52` (before Swift 4 with ` -> ()` before the offset), or as the
    /// debugger's `bt` prints it, `frame #3: 0x… Shop\`CartViewController.viewDidLoad(self=0x…) at …`: the symbol
    /// starting at `symbolStart` is followed by an offset, or follows its image and a backtick.
    static func isSwiftFrame(_ b: Bytes, symbolStart: Int, afterSyntax: Int, limit: Int) -> Bool {
        if symbolStart > 0, b[symbolStart - 1] == backtick { return true }
        var i = afterSyntax
        if b.matches(" -> ", at: i), let plus = b.find(" + ", from: i), plus < limit { i = plus }
        return isOffset(b, at: i, limit: limit)
    }

    private static let backtick: UInt8 = 0x60

    /// Whether ` + 52` (a frame's offset into its symbol) stands at `i`.
    private static func isOffset(_ b: Bytes, at i: Int, limit: Int) -> Bool {
        i + 3 < limit && b.matches(" + ", at: i) && ASCII.isDigit(b[i + 3])
    }

    /// Objective-C: `3   UIKitCore   0x00000001 -[UIViewController viewDidLoad] + 123`.
    static func isObjCFrame(_ b: Bytes, after end: Int, limit: Int) -> Bool {
        guard let close = b.firstIndex(of: ASCII.closeBracket, in: end..<limit) else { return false }
        return isOffset(b, at: close + 1, limit: limit)
    }
}
