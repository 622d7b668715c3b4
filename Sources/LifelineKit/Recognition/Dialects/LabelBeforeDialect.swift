/// A hand-typed label before the callback, with any separator, in any script: `vc1 – loadView`,
/// `Third VC: viewWillDisappear(_:)`, `[HomeVC] viewDidLoad`, `🟢 HomeVC -> viewWillAppear`.
/// The label is the run of words nearest the callback; text after the callback is ignored. Tags are no label
/// (`[DEBUG] viewDidLoad()` is bare, `LIFECYCLE HomeVC viewDidLoad` is `HomeVC`'s).
enum LabelBeforeDialect: NamingDialect {
    static let description = DialectDescription(
        identifier: "label-before",
        summary: "a label of up to four words before the callback, with any separator (`vc1 – loadView`)",
        samples: [
            DialectSample("vc1 – loadView", .callback(.loadView, controller: "vc1")),
            DialectSample("vc1 - viewDidLoad", .callback(.viewDidLoad, controller: "vc1")),
            DialectSample("vc1: viewDidLoad", .callback(.viewDidLoad, controller: "vc1")),
            DialectSample("Third VC: viewWillDisappear(_:), 19:20:52 ns 752712965", .callback(.viewWillDisappear, controller: "Third VC")),
            DialectSample("Third VC: deinit, 19:20:53 ns 262385964", .callback(.dealloc, controller: "Third VC")),
            DialectSample("Table view controller viewDidLoad called", .callback(.viewDidLoad, controller: "Table view controller")),
            DialectSample("VC2 viewDidLoad Called", .callback(.viewDidLoad, controller: "VC2")),
            DialectSample("        VC2 viewWillAppear Called", .callback(.viewWillAppear, controller: "VC2")),
            DialectSample("[HomeVC] viewDidLoad", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("HomeVC -> viewWillAppear", .callback(.viewWillAppear, controller: "HomeVC")),
            DialectSample("🟢 HomeVC viewDidAppear", .callback(.viewDidAppear, controller: "HomeVC")),
            DialectSample("HomeVC | viewWillAppear | animated: true", .callback(.viewWillAppear, controller: "HomeVC")),
            DialectSample("首页 viewDidLoad", .callback(.viewDidLoad, controller: "首页")),
            DialectSample("1: A_ViewController initWithCoder:", .callback(.`init`, controller: "A_ViewController")),
            DialectSample("CartViewController ViewDidLoad", .callback(.viewDidLoad, controller: "CartViewController")),
            DialectSample("vc4 willMoveToParent vc3", .callback(.willMove, controller: "vc4", argument: "vc3")),
            DialectSample("ChildVC willMove(toParent: ParentVC)", .callback(.willMove, controller: "ChildVC", argument: "ParentVC")),
            DialectSample("HomeVC.swift:42 viewDidLoad()", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("[12:04:05.120] HomeVC #2 – viewWillAppear...", .callback(.viewWillAppear, controller: "HomeVC")),
            DialectSample("ViewController(0x7fb5c8d0) viewDidLoad", .callback(.viewDidLoad, controller: "ViewController")),
            DialectSample("HomeVC(title: Home) viewDidLoad()", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("HomeVC(0x7fb5c8d0).viewDidLoad()", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("Shop.HomeVC(id: 3) - deinit", .callback(.dealloc, controller: "Shop.HomeVC")),
            DialectSample("HomeVC.swift(27) viewDidLoad()", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("Shop/HomeVC.swift 27 viewDidLoad()", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("Optional(HomeVC) viewDidLoad()", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("HomeVC—viewDidLoad", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("🟢HomeVC🔵viewDidAppear!", .callback(.viewDidAppear, controller: "HomeVC")),
            DialectSample("DEBUG: [Lifecycle] ProductDetailViewController: viewDidDisappear(_:)",
                          .callback(.viewDidDisappear, controller: "ProductDetailViewController")),
            DialectSample("⚠️ ProfileViewController is deallocated", .callback(.dealloc, controller: "ProfileViewController")),
            DialectSample("11:02:03.456 DetailVC viewDidLoad", .callback(.viewDidLoad, controller: "DetailVC")),
            DialectSample("2024-03-01 10:49:46 +0000 HomeVC viewWillAppear", .callback(.viewWillAppear, controller: "HomeVC")),
            DialectSample("10:49:46.100 💚 DEBUG HomeVC viewDidLoad", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("LIFECYCLE HomeVC viewDidLoad", .callback(.viewDidLoad, controller: "HomeVC")),
            DialectSample("Settings viewDidLoad", .callback(.viewDidLoad, controller: "Settings")),
            DialectSample("ListController<Product> viewDidLoad()", .callback(.viewDidLoad, controller: "ListController<Product>")),
            DialectSample("Shop.Box<Dictionary<String, Int>> -> viewWillAppear", .callback(.viewWillAppear, controller: "Shop.Box<Dictionary<String, Int>>")),
            DialectSample("Will call viewWillAppear on child", .unattributed),
            DialectSample("override func viewDidLoad() {", .unattributed),
            DialectSample("I think the crash happens somewhere in viewDidLoad", .unattributed),
            DialectSample("reload skipped because viewWillAppear was not called", .unattributed),
            DialectSample("refresh deferred until viewDidAppear", .unattributed),
            DialectSample("Network init complete", .callbackIfVouched(.`init`, controller: "Network")),
            DialectSample("  C1 willMoveToParent:container", .callbackIfVouched(.willMove, controller: "C1")),
            DialectSample(" 2731.49  Z-orphan dealloc", .callbackIfVouched(.dealloc, controller: "Z-orphan")),
            DialectSample(" 2731.48  Z-orphan viewDidAppear", .callback(.viewDidAppear, controller: "Z-orphan")),
            DialectSample("Split-View viewDidLoad", .callback(.viewDidLoad, controller: "Split-View")),
            DialectSample("=> loadView 共 2 次，viewDidLoad 共 2 次", .unattributed),
            DialectSample("Вызов viewDidAppear вручную", .unattributed),
            DialectSample("首页 viewWillAppear animated: true", .callback(.viewWillAppear, controller: "首页")),
        ])

    static func attribute(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        read(word, names: &names)
    }

    private static func read(_ word: CallbackWord, names: inout ControllerNames) -> Attribution {
        let b = word.bytes
        let before = word.before
        if let generic = LabelText.genericTypeName(endingIn: b, before) { return .controller(ControllerRef(interned: names.name(b, generic))) }
        guard let found = LabelText.typeNameBeforeParentheses(endingIn: b, before) ?? LabelText.lastLabel(in: b, before) else {
            return .notThisShape
        }
        let label = LabelText.droppingLinkingWords(found, in: b) ?? found
        if LabelText.hasNoLabel(b, label) { return .notThisShape }  // `[DEBUG] viewDidLoad()`: a tag, no label
        if LabelText.isSentenceInAnotherScript(b, label: label, after: word.afterSyntax, word.message.upperBound) {
            return .rejected("words of another script on both sides of it make a sentence, not a label")
        }
        if let other = KeywordTable.shared.firstCallback(in: b, from: label.lowerBound, label) {
            return .rejected("the text before it names ‘\(other.rawValue)’: a sentence about callbacks, not a controller's name")
        }
        let common = false
        if let known = names.acceptedLabel(b, label, common: common) { return .controller(ControllerRef(interned: known)) }
        if let problem = LabelText.problem(with: label, in: b, common: common) { return .rejected(problem) }
        return .controller(ControllerRef(interned: names.acceptLabel(b, label, common: common)))
    }
}
