/// `print(#function)` in one controller: the callback alone, perhaps after a bullet, numbering, a time or a log
/// level (`[DEBUG]`) and before a frame, a flag or `called`. It belongs to the implicit `(unlabelled controller)` of its process (or file).
/// A callback word that is also an ordinary word (`init`, `dealloc`, `addChild`, …) counts only as code:
/// alone, or with its `(…)`/`:` syntax, or before a separator (`init done` is prose).
enum BareCallbackDialect: NamingDialect {
    static let description = DialectDescription(
        identifier: "bare",
        summary: "the callback alone (`viewDidLoad()`): the unlabelled controller of its process or file",
        samples: [
            DialectSample("viewDidLoad()", .callback(.viewDidLoad, controller: "(unlabelled controller)")),
            DialectSample("viewWillAppear(_:)", .callback(.viewWillAppear, controller: "(unlabelled controller)")),
            DialectSample("- viewDidLoad()", .callback(.viewDidLoad, controller: "(unlabelled controller)")),
            DialectSample("viewDidDisappear", .callback(.viewDidDisappear, controller: "(unlabelled controller)")),
            DialectSample("viewWillLayoutSubviews() - Optional((162.0, 308.0, 50.0, 50.0))",
                          .callback(.viewWillLayoutSubviews, controller: "(unlabelled controller)")),
            DialectSample("init(nibName:bundle:) - NibName: nil, Bundle: nil", .callback(.`init`, controller: "(unlabelled controller)")),
            DialectSample("deinit", .callback(.dealloc, controller: "(unlabelled controller)")),
            DialectSample("willMove(toParentViewController:)", .callback(.willMove, controller: "(unlabelled controller)")),
            DialectSample("willMove(toParent:) <Shop.Parent: 0x7f02>",
                          .callback(.willMove, controller: "(unlabelled controller)", argument: "<Shop.Parent: 0x7f02>")),
            DialectSample("• viewDidAppear animated: true", .callback(.viewDidAppear, controller: "(unlabelled controller)")),
            DialectSample("🟢viewDidAppear", .callback(.viewDidAppear, controller: "(unlabelled controller)")),
            DialectSample("[12:04:05.120] viewWillDisappear...", .callback(.viewWillDisappear, controller: "(unlabelled controller)")),
            DialectSample("[DEBUG] viewDidLoad()", .callback(.viewDidLoad, controller: "(unlabelled controller)")),
            DialectSample("12:04:05.120 💚 INFO viewWillAppear(_:)", .callback(.viewWillAppear, controller: "(unlabelled controller)")),
            DialectSample("[Lifecycle] deinit", .callback(.dealloc, controller: "(unlabelled controller)")),
            DialectSample("<_NSMainThread: 0x600001700040>{number = 1, name = main} viewDidLoad()",
                          .callback(.viewDidLoad, controller: "(unlabelled controller)")),
            DialectSample("viewWillAppear(_:) <NSThread: 0x600001700040>{number = 1, name = main}",
                          .callback(.viewWillAppear, controller: "(unlabelled controller)")),
            DialectSample("init done", .unattributed),
            DialectSample("=> loadView 共 2 次，viewDidLoad 共 2 次", .unattributed),
            DialectSample("1. viewDidLoad → 2. viewWillAppear → 3. viewDidAppear", .unattributed),
        ])

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes
        guard LabelText.hasNoLabel(b, word.before) else { return .notThisShape }
        // A line that names a second callback with no controller is about callbacks (a summary, a list), not a log of one.
        if let other = KeywordTable.shared.firstCallback(in: b, from: word.afterSyntax, word.message) {
            return .rejected("it names ‘\(other.rawValue)’ too and no controller: a sentence about callbacks, not a log of one")
        }
        guard word.callback.isCommonWord else { return .controller(.unlabelled) }
        let next = word.afterSyntax
        let hasSyntax = next > word.word.upperBound
        let endsOrSeparates = next >= word.message.upperBound || b[next] != ASCII.space
            || !LabelText.startsWithLetter(b, b.skippingBlanks(from: next), limit: word.message.upperBound)
        guard hasSyntax || endsOrSeparates else {
            return .rejected("‘\(b.string(word.word))’ is followed by words, as in prose, and no label names a controller")
        }
        return .controller(.unlabelled)
    }
}
